BEGIN TRANSACTION;
CREATE TABLE best_times (
    id INTEGER PRIMARY KEY,
    level TEXT NOT NULL, style TEXT NOT NULL, shape TEXT NOT NULL,
    name TEXT NOT NULL, time_ms INTEGER NOT NULL, date TEXT NOT NULL,
    bbbv INTEGER, bbbv_per_s REAL,
    game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
    token TEXT UNIQUE
) STRICT;
INSERT INTO "best_times" VALUES(1,'beginner','modern','grid','Ann',2549,'2026-11-26T03:27:00',9,3.53079639074146722776e+00,1,'5bf8134c596f4b248e0ecf863842e41f');
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    date TEXT NOT NULL, level TEXT NOT NULL, style TEXT NOT NULL, shape TEXT NOT NULL,
    width INTEGER NOT NULL, height INTEGER NOT NULL, mines INTEGER NOT NULL,
    result TEXT NOT NULL, time_ms INTEGER NOT NULL, bbbv INTEGER, bbbv_per_s REAL,
    clicks INTEGER NOT NULL, efficiency REAL, seed TEXT, first_click TEXT NOT NULL,
    assisted INTEGER NOT NULL
) STRICT;
INSERT INTO "games" VALUES(1,'2026-11-26T03:27:00','beginner','modern','grid',9,9,10,'won',2549,9,3.53079639074146722776e+00,18,0.5,NULL,'opening',0);
INSERT INTO "games" VALUES(2,'2026-11-26T03:27:00','beginner','modern','grid',9,9,10,'lost',116,9,8.6206896551724145894e+00,2,0.5,NULL,'opening',0);
INSERT INTO "games" VALUES(3,'2026-11-26T03:27:00','beginner','modern','grid',9,9,10,'abandoned',100,9,0.0,1,0.0,NULL,'opening',0);
CREATE TABLE imports (
    digest TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    date TEXT NOT NULL
) STRICT;
CREATE TABLE replays (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    size INTEGER NOT NULL,
    text TEXT NOT NULL
) STRICT;
INSERT INTO "replays" VALUES(1,939,'{"format":"minesweeper-replay","version":1,"width":9,"height":9,"mines":10,"shape":"grid","marks":true,"first_click":"opening","layout":["*.*.*.*.*",".........",".........",".........",".........",".........",".........",".........","*.*.*.*.*"],"moves":[[0,"R 1 0"],[150,"R 3 0"],[300,"R 5 0"],[450,"R 7 0"],[600,"R 0 1"],[750,"R 1 1"],[899,"R 2 1"],[1049,"R 3 1"],[1199,"R 4 1"],[1349,"R 5 1"],[1499,"R 6 1"],[1649,"R 7 1"],[1799,"R 8 1"],[1949,"R 0 2"],[2099,"R 1 8"],[2249,"R 3 8"],[2399,"R 5 8"],[2549,"R 7 8"]],"result":"won","time_ms":2549,"date":"2026-11-26T03:27:00","level":"beginner","pointer":[0,1,0,1,16,1,0,0,134,3,0,1,16,3,0,0,134,5,0,1,16,5,0,0,134,7,0,1,16,7,0,0,134,0,1,1,16,0,1,0,134,1,1,1,16,1,1,0,133,2,1,1,17,2,1,0,133,3,1,1,17,3,1,0,133,4,1,1,17,4,1,0,133,5,1,1,17,5,1,0,133,6,1,1,17,6,1,0,133,7,1,1,17,7,1,0,133,8,1,1,17,8,1,0,133,0,2,1,17,0,2,0,133,1,8,1,17,1,8,0,133,3,8,1,17,3,8,0,133,5,8,1,17,5,8,0,133,7,8,1]}
');
INSERT INTO "replays" VALUES(2,400,'{"format":"minesweeper-replay","version":1,"width":9,"height":9,"mines":10,"shape":"grid","marks":true,"first_click":"opening","layout":["*.*.*.*.*",".........",".........",".........",".........",".........",".........",".........","*.*.*.*.*"],"moves":[[0,"R 4 4"],[116,"R 0 0"]],"result":"lost","time_ms":116,"date":"2026-11-26T03:27:00","level":"beginner","pointer":[0,4,4,1,16,4,4,0,100,0,0,1]}
');
INSERT INTO "replays" VALUES(3,382,'{"format":"minesweeper-replay","version":1,"width":9,"height":9,"mines":10,"shape":"grid","marks":true,"first_click":"opening","layout":["*.*.*.*.*",".........",".........",".........",".........",".........",".........",".........","*.*.*.*.*"],"moves":[[0,"R 1 1"]],"result":"unfinished","time_ms":100,"date":"2026-11-26T03:27:00","level":"beginner","pointer":[0,1,1,1,16,1,1,0]}
');
CREATE TABLE statistics (
    level TEXT NOT NULL, style TEXT NOT NULL, shape TEXT NOT NULL,
    played INTEGER NOT NULL, won INTEGER NOT NULL,
    current_streak INTEGER NOT NULL, best_streak INTEGER NOT NULL,
    PRIMARY KEY (level, style, shape)
) STRICT;
INSERT INTO "statistics" VALUES('beginner','modern','grid',3,1,0,1);
CREATE INDEX best_times_by_key ON best_times (level, style, shape, time_ms, id);
COMMIT;
PRAGMA user_version = 1;
