"""The two decision axes: rationale from comments, topic from the changed text, both validated.

Comments are written the way lawyers annotate redlines, in German and English; none is taken
from an evaluation estate.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from knowledge_index.decisions.cues import (
    NEAR_WORDS,
    TopicText,
    changed_core,
    changed_span,
    rationale_signals,
    topic_signals,
    window,
)
from knowledge_index.decisions.taxonomy import active_taxonomies, load_taxonomy
from knowledge_index.stages.extract_decisions.result import extraction_model

TOPICS = load_taxonomy("topic")
WHY = load_taxonomy("rationale_category")


def rationale(*comments: str, clients: frozenset[str] = frozenset()) -> str:
    signals = rationale_signals(WHY, list(comments), clients)
    return signals[0].id if signals else WHY.fallback


@pytest.mark.parametrize(
    ("comment", "expected"),
    [
        # German
        ("Auf Wunsch der Verkäuferseite gestrichen.", "counterparty_request"),
        ("Die Gegenseite besteht auf einer kürzeren Frist.", "counterparty_request"),
        ("Mandantin wünscht eine Laufzeit von fünf Jahren.", "client_instruction"),
        ("Nach Rücksprache mit dem Mandanten angepasst.", "client_instruction"),
        ("Als Kompromiss: 12 Monate, im Gegenzug entfällt die Garantie.", "commercial_compromise"),
        (
            "Wir haben uns in der Telefonkonferenz auf den Mittelweg verständigt.",
            "commercial_compromise",
        ),
        ("Zwingend nach § 622 BGB, sonst unwirksam.", "legal_requirement"),
        ("Gesetzlich vorgeschrieben; notarielle Beurkundung erforderlich.", "legal_requirement"),
        (
            "Wegen des Haftungsrisikos aus der Altlast muss das Risiko beim Verkäufer liegen.",
            "risk_allocation",
        ),
        ("Nur zur Klarstellung, keine inhaltliche Änderung.", "drafting_clarity"),
        # A request that also gives the reason keeps it.
        ("Bitte prüfen, da die Gegenseite auf 24 Monaten besteht.", "counterparty_request"),
        ("Steuerlich geboten: sonst fällt Grunderwerbsteuer an.", "tax"),
        # English
        ("Deleted at the buyer's request.", "counterparty_request"),
        ("Opposing counsel insists on mutual caps.", "counterparty_request"),
        ("On our client's instructions: cap at 100% of fees.", "client_instruction"),
        ("Client wants a longer cure period.", "client_instruction"),
        (
            "Accepted in return for the lower deposit; a trade-off agreed on the call.",
            "commercial_compromise",
        ),
        ("Required by law (section 172 Companies Act 2006).", "legal_requirement"),
        ("Protects us against the exposure from the open litigation.", "risk_allocation"),
        ("For the avoidance of doubt only; no change in substance.", "drafting_clarity"),
        ("Structured as a loan for tax reasons (withholding tax on dividends).", "tax"),
        ("No exclusivity – instruction of Mag. Hofer, call of 15 May.", "client_instruction"),
        (
            "Wettbewerbsverbot nur gegen Karenzentschädigung; ohne sie wäre es unverbindlich.",
            "legal_requirement",
        ),
    ],
)
def test_a_comment_that_explains_the_change_decides_the_rationale(comment, expected):
    assert rationale(comment) == expected


@pytest.mark.parametrize(
    "comments",
    [
        (),
        ("Bitte prüfen.",),
        ("See above.", "OK?"),
        # A to-do for a colleague names the client without giving a reason.
        ("Bitte Rücksprache mit Mandantin vor dem nächsten Termin.",),
        ("Please check with the client before we send this back.",),
    ],
)
def test_no_comment_or_no_reason_is_unstated(comments):
    assert rationale(*comments) == "unstated"


def test_a_party_placeholder_reads_as_client_or_other_side():
    comment = "Auf Wunsch von [PARTY_B] eingefügt."
    assert rationale(comment) == "counterparty_request"
    assert rationale(comment, clients=frozenset({"[PARTY_B]"})) == "client_instruction"


def topic(paragraph: str, inserted: list[str], deleted: list[str], heading: str = "") -> str:
    text = TopicText(
        core=changed_core(inserted, deleted).lower(),
        window=window(paragraph, inserted).lower(),
        near=window(paragraph, inserted, NEAR_WORDS).lower(),
        heading=heading.lower(),
        paragraph=paragraph.lower(),
    )
    signals = topic_signals(TOPICS, text)
    return signals[0].id if signals else TOPICS.fallback


@pytest.mark.parametrize(
    ("paragraph", "inserted", "deleted", "heading", "expected"),
    [
        (
            "Die Haftung ist auf 30 % des Kaufpreises begrenzt.",
            ["30 % des Kaufpreises"],
            ["10 % des Kaufpreises"],
            "§ 8 Haftung",
            "liability_cap",
        ),
        (
            "Der Kaufpreis beträgt EUR 2.000.000.",
            ["2.000.000"],
            ["1.800.000"],
            "§ 2 Kaufpreis",
            "price",
        ),
        (
            "Die Nettokaltmiete beträgt monatlich EUR 4.800.",
            ["4.800"],
            ["5.000"],
            "§ 4 Miete",
            "rent",
        ),
        (
            "Die Miete wird als Staffelmiete jährlich um 2 % erhöht.",
            ["jährlich"],
            ["alle zwei Jahre"],
            "§ 5 Miete",
            "rent_indexation",
        ),
        # A general indexation clause is a price adjustment, in a lease too.
        (
            "Die Miete wird jährlich entsprechend dem Verbraucherpreisindex angepasst.",
            ["jährlich"],
            ["alle zwei Jahre"],
            "§ 5 Wertsicherung",
            "price_adjustment",
        ),
        (
            "Ansprüche verjähren 24 Monate nach dem Stichtag.",
            ["24"],
            ["18"],
            "§ 9 Garantien",
            "limitation_period",
        ),
        (
            "Der Geschäftsführer wird während der Kündigungsfrist unwiderruflich freigestellt.",
            ["unwiderruflich freigestellt"],
            [],
            "§ 11 Beendigung",
            "garden_leave",
        ),
        (
            "This Agreement is governed by the laws of Germany.",
            ["Germany"],
            ["England and Wales"],
            "12. GOVERNING LAW",
            "governing_law",
        ),
        ("The Margin is 3.25 per cent. per annum.", ["3.25"], ["3.00"], "4. INTEREST", "interest"),
        (
            "The Supplier shall deliver the Goods within 14 days of the order.",
            ["14"],
            ["30"],
            "3. DELIVERY",
            "delivery",
        ),
        (
            "The Recipient shall keep all Confidential Information secret for five years.",
            ["five"],
            ["three"],
            "6. CONFIDENTIALITY",
            "confidentiality",
        ),
        (
            "14.3 The notarial fees for recording this Agreement shall be borne by the Seller and "
            "the Purchaser in equal shares.",
            ["by the Seller and the Purchaser in equal shares"],
            ["by the Purchaser"],
            "14 Costs and Taxes",
            "costs",
        ),
        (
            "Die Kosten dieses Nachtrags trägt jede Partei selbst.",
            ["jede Partei selbst"],
            ["die Mieterin"],
            "",
            "costs",
        ),
        (
            "Die Parteien verzichten nicht auf die Schriftform.",
            ["Die Parteien verzichten nicht auf die Schriftform."],
            [],
            "§ 14 Schlussbestimmungen",
            "written_form",
        ),
    ],
)
def test_topic_from_the_changed_text_and_its_clause(
    paragraph, inserted, deleted, heading, expected
):
    assert topic(paragraph, inserted, deleted, heading) == expected


# Which topic a change is about when a clause's words name several: a heading that names the
# section and not the sub-clause, a specific topic inside a broad one, a cue inside another.
@pytest.mark.parametrize(
    ("paragraph", "inserted", "deleted", "heading", "expected"),
    [
        # The longest cue: "consumer price index" is an indexation, not a "price" cue.
        (
            "The Supplier may increase the prices once a year by no more than the consumer"
            " price index.",
            ["by no more than the consumer price index"],
            ["by giving 30 days' notice"],
            "3. Prices",
            "price_adjustment",
        ),
        # The words next to the change: the change is the notice, under a termination heading.
        (
            "Either party may terminate this Agreement by giving not less than six months'"
            " written notice.",
            ["six"],
            ["three"],
            "5. Term and Termination",
            "notice_period",
        ),
        # A heading naming two topics; the change sits in the arbitration sentence.
        (
            "Any dispute shall be finally settled under the ICC Rules; the seat of arbitration"
            " is Vienna.",
            ["Vienna"],
            ["London"],
            "6. Governing Law and Disputes",
            "dispute_resolution",
        ),
        # A narrower topic in its broader one's clause.
        (
            "Für die Dauer des Wettbewerbsverbots erhält er eine Karenzentschädigung von 50 %.",
            ["Für die Dauer des Wettbewerbsverbots erhält er eine Karenzentschädigung von 50 %."],
            [],
            "§ 5 Wettbewerbsverbot",
            "non_compete_compensation",
        ),
        (
            "Der Kaufpreis ist auf Basis der Stichtagsbilanz zum Closing anzupassen.",
            ["auf Basis der Stichtagsbilanz zum Closing anzupassen"],
            ["fix und unterliegt keiner Anpassung"],
            "§ 2 Kaufpreis",
            "price_adjustment",
        ),
        # ... and the broad one where the change is about it.
        (
            "Der Kaufpreis beträgt EUR 2.000.000.",
            ["2.000.000"],
            ["1.800.000"],
            "§ 2 Kaufpreis",
            "price",
        ),
        (
            "Der Geschäftsführer unterliegt für zwei Jahre einem Wettbewerbsverbot.",
            ["zwei"],
            ["drei"],
            "§ 5 Wettbewerbsverbot",
            "non_compete",
        ),
    ],
)
def test_the_topic_of_the_change_not_only_of_its_clause(
    paragraph, inserted, deleted, heading, expected
):
    assert topic(paragraph, inserted, deleted, heading) == expected


def test_the_changed_words_are_found_inside_a_longer_tracked_span():
    before = "Die Lizenzen sind in Anlage 4.2 abschließend aufgeführt."
    after = "Die Lizenzen sind in Anlage 4.2 abschließend aufgeführt und frei von Rechten Dritter."
    text, first, last = changed_span(before, after) or ("", 0, 0)
    assert text.split()[first : last + 1] == [
        "aufgeführt",
        "und",
        "frei",
        "von",
        "Rechten",
        "Dritter.",
    ]
    assert changed_span("gleich", "gleich") is None
    # A pure deletion is found in the old wording.
    text, first, last = changed_span("Zahlung binnen 30 Tagen netto.", "Zahlung netto.") or (
        "",
        0,
        0,
    )
    assert text.split()[first : last + 1] == ["binnen", "30", "Tagen"]


def test_unmatched_text_is_the_fallback_topic():
    assert topic("Lorem ipsum dolor.", ["dolor"], ["sit"]) == "other"


def test_changed_core_leaves_out_the_words_both_sides_share():
    assert changed_core(["30 % des Kaufpreises"], ["10 % des Kaufpreises"]) == "10 30"
    assert changed_core(["neu eingefügt"], []) == "neu eingefügt"


# -- the result schema ------------------------------------------------------------------------

RECORD = {
    "locus": "§ 5 Abs. 1",
    "change_summary": "cap raised",
    "topic": "liability_cap",
    "rationale_category": "counterparty_request",
    "change_type": "modified",
    "generalizability": "deal_specific",
}


def test_schema_corrects_near_misses_and_rejects_unknown_ids_listing_the_valid_ones():
    model = extraction_model(active_taxonomies())
    ok = model.model_validate(
        {"decisions": [{**RECORD, "topic": "Liability Cap", "rationale_category": "Unstated"}]}
    )
    assert (ok.decisions[0].topic, ok.decisions[0].rationale_category) == (
        "liability_cap",
        "unstated",
    )
    with pytest.raises(ValidationError, match=r"'haggling' is not a topic; use one of: .*rent"):
        model.model_validate({"decisions": [{**RECORD, "topic": "haggling"}]})
    with pytest.raises(ValidationError, match=r"is not a rationale category; use one of: .*tax"):
        model.model_validate({"decisions": [{**RECORD, "rationale_category": "liability_cap"}]})
    with pytest.raises(ValidationError, match="change_type"):
        model.model_validate({"decisions": [{**RECORD, "change_type": "rewritten"}]})
    schema = json.dumps(model.model_json_schema())
    assert '"events_of_default"' in schema and '"commercial_compromise"' in schema


def test_shipped_taxonomies_are_valid_bilingual_and_carry_cues():
    assert {"liability_cap", "rent", "events_of_default", "written_form", "other"} <= TOPICS.ids
    assert WHY.ids == {
        "client_instruction",
        "counterparty_request",
        "risk_allocation",
        "legal_requirement",
        "commercial_compromise",
        "drafting_clarity",
        "tax",
        "unstated",
    }
    assert (TOPICS.fallback, WHY.fallback) == ("other", "unstated")
    for taxonomy in (TOPICS, WHY):
        for c in taxonomy.categories:
            assert c.label_de and c.label_en and c.description_de and c.description_en
            assert c.cues or c.id == taxonomy.fallback


# -- the firm's own additions -----------------------------------------------------------------


def _write(path: Path, doc: dict) -> str:
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_a_firm_file_extends_the_shipped_taxonomy(tmp_path):
    firm_topics = _write(
        tmp_path / "topics.json",
        {
            "id": "firm-topics",
            "version": "1",
            "categories": [
                {
                    "id": "earn_out",
                    "label": {"de": "Earn-out", "en": "Earn-out"},
                    "description": {"de": "Variable Kaufpreisteile.", "en": "Contingent price."},
                    "cues": ["earn-out", "besserungsschein"],
                },
                {"id": "rent", "cues": ["pacht"]},  # an extra cue for a shipped topic
            ],
        },
    )
    taxonomies = active_taxonomies(firm_topics, "")
    assert "earn_out" in taxonomies.topic.ids and "liability_cap" in taxonomies.topic.ids
    assert "pacht" in taxonomies.topic.get("rent").cues
    assert taxonomies.topic.get("rent").label_de == "Miete"  # unchanged where not given
    assert taxonomies.topic.fingerprint != TOPICS.fingerprint
    found = topic_signals(taxonomies.topic, TopicText(core="besserungsschein über eur 1 mio."))
    assert found[0].id == "earn_out"
    assert topic_signals(taxonomies.topic, TopicText(core="die pacht beträgt"))[0].id == "rent"
    # Only the extended schema accepts the firm's id.
    extended = extraction_model(taxonomies)
    assert extended.model_validate({"decisions": [{**RECORD, "topic": "earn_out"}]})
    with pytest.raises(ValidationError, match="'earn_out' is not a topic"):
        extraction_model(active_taxonomies()).model_validate(
            {"decisions": [{**RECORD, "topic": "earn_out"}]}
        )


def test_a_firm_file_may_replace_the_rationales(tmp_path):
    path = _write(
        tmp_path / "why.json",
        {
            "id": "firm-why",
            "version": "2",
            "mode": "replace",
            "fallback": "none_given",
            "categories": [
                {
                    "id": "ours",
                    "label": {"de": "Wir", "en": "Us"},
                    "description": {"de": "Wir.", "en": "Us."},
                    "cues": ["wir wollen"],
                },
                {
                    "id": "none_given",
                    "label": {"de": "Keiner", "en": "None"},
                    "description": {"de": "-", "en": "-"},
                },
            ],
        },
    )
    why = load_taxonomy("rationale_category", path)
    assert why.ids == {"ours", "none_given"} and why.fallback == "none_given"


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"id": "f", "version": "1", "categories": [{"id": "Bad Id"}]}, "id"),
        (
            {"id": "f", "version": "1", "categories": [{"id": "x", "cues": ["re:(unclosed"]}]},
            "regular expression",
        ),
        (
            {"id": "f", "version": "1", "categories": [{"id": "brand_new", "cues": ["x"]}]},
            "needs label and description",
        ),
        ({"id": "f", "version": "1", "categories": [{"id": "rent"}, {"id": "rent"}]}, "duplicate"),
        ({"id": "f", "version": "1", "categorys": []}, "categor"),
        ({"id": "f", "version": "1", "categories": [{"id": "rent", "broader": "nope"}]}, "broader"),
    ],
)
def test_an_invalid_firm_file_is_an_error_naming_it(tmp_path, doc, message):
    path = _write(tmp_path / "broken.json", doc)
    with pytest.raises(ValueError, match=message) as err:
        load_taxonomy("topic", path)
    assert "broken.json" in str(err.value)


def test_settings_name_the_firm_files(monkeypatch, tmp_path):
    from knowledge_index.settings import load_settings

    monkeypatch.setenv("KI_FIRM__TOPIC_TAXONOMY_PATH", str(tmp_path / "t.json"))
    monkeypatch.setenv("KI_FIRM__RATIONALE_TAXONOMY_PATH", str(tmp_path / "r.json"))
    firm = load_settings().firm
    assert firm.topic_taxonomy_path.endswith("t.json")
    assert firm.rationale_taxonomy_path.endswith("r.json")
