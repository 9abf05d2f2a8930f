"""The order a mixed line is read in, and what a reader sees as one
character: pure rules, no fonts."""

from __future__ import annotations

from game.graphemes import at_boundary, clusters, erased_from, is_emoji, script, whole_clusters
from game.ui.render.bidi import levels, right_to_left, visual_order


def shown(text: str) -> str:
    """``text``'s characters in the order they are shown, left to right."""
    return "".join(text[i] for i in visual_order(levels(text)))


def pieces(text: str) -> list[str]:
    bounds = clusters(text)
    return [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def test_a_hebrew_name_is_shown_right_to_left():
    assert shown("שלום") == "םולש"


def test_arabic_words_keep_their_order_right_to_left():
    assert shown("محمد علي") == "يلع دمحم"


def test_a_line_reads_as_its_first_strong_letter():
    assert right_to_left("42 שלום abc") and not right_to_left("abc שלום")
    assert not right_to_left("42 !") and not right_to_left("")


def test_digits_read_left_to_right_in_a_right_to_left_name():
    assert shown("שלום 42") == "42 םולש"


def test_a_number_after_arabic_letters_goes_with_them_in_a_latin_name():
    """"Ali علي 42": the number follows the Arabic word (W2: an Arabic
    number), and the space between them goes with them too."""
    assert levels("Ali علي 42") == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]
    assert shown("Ali علي 42") == "Ali 42 يلع"


def test_spaces_between_two_directions_take_the_lines():
    assert levels("abc שלום") == [0, 0, 0, 0, 1, 1, 1, 1]
    assert levels("שלום abc") == [1, 1, 1, 1, 1, 2, 2, 2]


def test_a_decimal_number_stays_one_number():
    assert shown("שלום 1.5") == "1.5 םולש"


def test_a_mark_goes_with_its_letter():
    assert levels("שָׁלוֹם") == [1] * 7


def test_latin_text_is_left_alone():
    assert levels("Ana 42 (x)") == [0] * 10
    assert visual_order([0, 0, 0]) == [0, 1, 2]


def test_a_mark_stays_with_its_letter():
    assert pieces("e\u0301a") == ["e\u0301", "a"]


def test_thai_marks_stay_on_their_consonant():
    assert pieces("สี่") == ["สี่"]


def test_a_devanagari_conjunct_is_one_cluster():
    assert pieces("सत्य") == ["स", "त्य"]
    assert pieces("देव") == ["दे", "व"]


def test_an_emoji_sequence_is_one_cluster():
    assert pieces("👨\u200d👩\u200d👧x") == ["👨\u200d👩\u200d👧", "x"]
    assert pieces("👍🏽!") == ["👍🏽", "!"]
    assert pieces("🇫🇷🇩🇪") == ["🇫🇷", "🇩🇪"]


def test_each_script_shaped_is_told_apart():
    assert [script(ch) for ch in "אعกदa1 "] == ["hebr", "arab", "thai", "deva", "", "", ""]


def test_emoji_are_told_from_symbols_shown_as_text():
    assert is_emoji("😀") and is_emoji("⌚") and is_emoji("☺\ufe0f") and is_emoji("🇫🇷")
    assert not is_emoji("☺") and not is_emoji("A") and not is_emoji("🄰")


def test_an_accent_on_a_latin_letter_goes_with_it_in_a_hebrew_name():
    assert levels("שלום a\u0301") == [1, 1, 1, 1, 1, 2, 2]


def test_numbers_after_arabic_letters_are_arabic_numbers_as_unicode_has_it():
    """W2: after an Arabic letter, "1+2" is two numbers around a plus
    (which joins European numbers only), shown "2+1" as browsers do."""
    assert shown("علي 1+2") == "2+1 يلع"
    assert shown("שלום 1+2") == "1+2 םולש"


def test_a_joiner_joins_only_a_pictograph_to_a_pictograph():
    """UAX #29's GB11: after anything but an emoji, a ZWJ ends the cluster
    before it, and the letter after it starts one (it was joined to it:
    "a\\u200db" was one character to the caret and to Backspace)."""
    assert pieces("a\u200db") == ["a\u200d", "b"]
    assert pieces("x\u200d👩") == ["x\u200d", "👩"]
    assert pieces("👩\u200d💻Ana") == ["👩\u200d💻", "A", "n", "a"]
    assert pieces("❤\ufe0f\u200d🔥🐈\u200d⬛") == ["❤\ufe0f\u200d🔥", "🐈\u200d⬛"]
    assert pieces("👩\u200d\u200d💻") == ["👩\u200d\u200d", "💻"]       # one joiner, not two


def test_a_conjunct_is_one_cluster_in_the_scripts_unicode_joins():
    """GB9c (Unicode 15.1): a Devanagari virama binds the consonant after
    it, through a ZWJ too; Tamil's pulli does not (a visible mark)."""
    assert pieces("क्\u200dष") == ["क्\u200dष"]
    assert pieces("स्क्रिप्ट") == ["स्क्रि", "प्ट"]
    assert pieces("க்ஷ") == ["க்", "ஷ"]
    assert pieces("क्a") == ["क्", "a"]
    assert pieces("क्\u200cष") == ["क्\u200c", "ष"]              # ZWNJ: a half form, no conjunct
    assert pieces("अ्ष") == ["अ्", "ष"]                            # a vowel is no consonant


def test_thai_sara_am_stays_with_its_consonant():
    assert pieces("ทำ") == ["ทำ"]


def test_backspace_takes_a_whole_emoji_or_a_clusters_last_character():
    assert erased_from("x👩\u200d💻", 4) == 1
    assert erased_from("🇫🇷🇫🇷", 4) == 2
    assert erased_from("1\ufe0f\u20e3", 3) == 0                    # a keycap
    assert erased_from("xe\u0301", 3) == 2                          # the accent alone
    assert erased_from("क्ष", 3) == 2 and erased_from("", 0) == 0


def test_a_limit_keeps_whole_clusters():
    assert whole_clusters("ab👩\u200d💻", 4) == "ab"
    assert whole_clusters("ab👩\u200d💻", 5) == "ab👩\u200d💻"
    assert whole_clusters("🇫🇷🇫🇷", 3) == "🇫🇷" and whole_clusters("abc", 0) == ""
    assert at_boundary("🇫🇷", 1) == 2 and at_boundary("ab", 1) == 1


def test_a_conjunct_binds_the_rarer_consonants_as_unicode_counts_them():
    """Unicode 15.1's consonants (Indic_Conjunct_Break=Consonant), checked
    against the regex package's clusters: Malayalam's TTTA is one (it was
    left out, past the block's usual last consonant), Bengali's Vedic
    anusvara, Telugu's NAKAARA POLLU and Malayalam's archaic II are not
    (they were bound as consonants)."""
    assert pieces("ണ്ഺ") == ["ണ്ഺ"]
    assert pieces("চ্\u09fc") == ["চ্", "\u09fc"]
    assert pieces("ఱ్\u0c5d") == ["ఱ్", "\u0c5d"]
    assert pieces("ണ്\u0d5f") == ["ണ്", "\u0d5f"]
