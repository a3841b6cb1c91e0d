"""relate: identity, versions, typed relations and threads from deterministic signals."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="relate",
    # ki-3: a cited document is named by its kind in either language; Austrian exhibits.
    # ki-4: a contract is also dated by its signature line; targets prefer the signed version.
    # ki-5: references by kind and date in any word order, year-less dates, French months.
    # ki-6: document-management names (number_version) are a family and its versions; the
    # editable file is the original of its print, the print of its scan.
    # ki-7: an amendment cue only from a title line ("Side Letter / zum ... vom ..." keeps its
    # cited date); a mail that mentions an amendment in a sentence cites it.
    # ki-8: an exhibit belongs to the first file citing it; a signed PDF (its signature words
    # or a place-and-date line run into the signatures) is the executed target.
    # ki-9: a reply's quoted mail is not its own citation (a forward keeps what it forwards).
    # ki-10: a scan or photo of some pages is a near-duplicate of the document holding its
    # words (the signed one among equals), found in its matter, not only among band neighbours;
    # among equally good targets of a citation the document comes before a scan of it.
    # ki-11: a citation's target is searched among the matter's files and the files settled
    # outside every matter, not files still waiting to be classified (one that later joins
    # another matter kept the relation in one order only); a title in capitals before a bare
    # kind noun ("Senior Facility Agreement") is searched across the source; a copy of a print
    # carries the label of the version the print is of, whatever order the family lists them.
    # ki-12: an annex without a signed agreement belongs to the newest draft of the agreement
    # (the earliest of different documents citing it), never to a copy; an amendment citing an
    # annex's label may hold it when no main agreement cites it; an amendment's recital naming
    # an earlier amendment amends it too, each cue taking the file found for it; a court's
    # order cites the pleadings it names rather than answering them; "this Agreement dated
    # ..." in the agreement of that date cites nothing; "execution version" is a final.
    # ki-13: the ontology's particle rule (extract_metadata ki-16) in the kinds cues name.
    # ki-14: an amendment is cited by its kind in either language ("Änderungsvereinbarung vom
    # 10.06.2024" names the file headed "Amendment Agreement").
    # ki-15: a document stamped as a court exhibit ("Anlage K 1" above "WERKLIEFERVERTRAG") is
    # cited by its own title; a later filing citing the exhibit's label references it. A
    # defence that dates no claim answers the matter's claim filed before it (a reply the
    # defence, a rejoinder the reply).
    # ki-16: a document is cited by any name the ontology gives its kind ("unsere
    # Anforderungsliste vom ...", "heads of terms dated ...", "aufgrund Vollmacht vom ...").
    # ki-17: a cited kind named by more than its noun ("the facility agreement dated ...") is
    # that kind, and a letter's title below its letterhead names it ("FACILITY LETTER"); a
    # "Dated 4 February 2025" line at a document's end is its own date.
    # ki-18: an amendment titled without what it amends ("DEED OF VARIATION", "SUPPLEMENTAL
    # AGREEMENT", "SIDE LETTER") amends the first contract its recital cites, and an
    # amendment also the earlier amendments it names; the kind right before a cited date is
    # the cited kind ("this deed is supplemental to a lease dated ...").
    # ki-19: an English exhibit's front sheet ("This is the exhibit marked 'KLS-1' referred to
    # in the witness statement of ... dated ...") makes it that statement's annex; exhibit
    # labels with a witness's initials ("Exhibit KLS-2"), cited in quotes.
    # ki-20: dated citations as prints write them ("3 March2023", a table cell, a bracketed
    # date after a pleading's name, a kind followed by its parties); a document cited by its
    # name alone ("I have read the Defence", "des Mietvertrags") when the matter holds one
    # document of that kind written before; only a pleading answers the pleading it names; a
    # mail answers a letter it names by date.
    # ki-21: the documents a file's cues name are opened however long its version family is
    # (eight drafts, prints and copies of an SPA no longer hide the heads of terms it cites);
    # an undated draft still cites the contract its recital dates, though that date is the
    # first in its text.
    # ki-22: a kind after its date ("am 28. Januar 2025 ein Term Sheet abgestimmt") and a
    # kind cited in a named version ("der Kaufvertrag in der Fassung des Entwurfs vom ...").
    # ki-23: a document cited by its own number (a notarial deed's roll number, an invoice's)
    # is referenced wherever in the source it is filed.
    # ki-24: "your draft of 17 March", "Ihr Entwurf vom ..." cite the draft of that date; only
    # a letter, a mail or an offer is answered (responds_to).
    # ki-25: a letter's enclosures ("Anlagen: ...; ...", "we enclose a revised draft of the
    # settlement agreement") are the matter's latest documents of the kinds named, written on
    # or before it; "(Stand 02.06.2025)" dates a cited draft.
    # ki-26: an amendment named by its number ("dem 1. Nachtrag", "Amendment No. 2", "the
    # First Amendment") is the matter's amendment titled with that number.
    # ki-27: of equally good targets, the file on the share before its copy inside a mail.
    # ki-28: "den Side Letter", named alone, is the matter's one side letter.
    code_version="ki-28",
    description="Identity (new document, version, exact and near duplicate), version order and "
    "labels, redline_against, annexes, amendments, replies, references, attachments and e-mail "
    "threads; computed signals confirmed by the agent opening the files, written under sorted "
    "locks.",
    handler=f"{__name__}.handler:relate_handler",
    model_stage=True,
    # Parallel runs gave every document of estates A and C the same version chain as one process.
    parallel_runs=True,
    offline_policy=f"{__name__}.offline:RelatePolicy",
)
