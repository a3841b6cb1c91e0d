"""extract_metadata: document type by an ontology walk, parties by agent search and rule."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="extract_metadata",
    # ki-2: a letter (salutation and closing) is typed a letter, its subject line is its title;
    # Austrian, Swiss and French letterheads, court heads and case numbers are framing.
    # ki-3: the document date is its own (head date line, signature, file name, properties),
    # not the first date it mentions (an agreement it amends, a deadline, a birth date).
    # ki-4: French month names in dates (letters from Geneva or Lausanne).
    # ki-5: correspondence and pleadings name the matter's parties by short name (read from the
    # party clauses of the matter's filed contracts); an annex has its agreement's parties.
    # ki-6: ontology refinements (an Abtretungsvertrag assigning a GmbH share is a share
    # purchase); vocabulary: a bare "Gutachten" is an expert's, "Bestellung" alone no order.
    # ki-7: names written in capitals ("KESTREL BIDCO GMBH"), a "PARTIES" heading opening the
    # party clause, a bank named where money is paid is no party.
    # ki-8: a person a letter is addressed to in their own name is a party; matter parties
    # written in capitals are named as correspondence writes them.
    # ki-9: an engagement letter's parties are the firm and the client it names first.
    # ki-10: blank lines of converted text are no address lines (a contact's company two
    # paragraphs below their name still makes them its contact).
    # ki-11: an entity first named in capitals takes the ordinary spelling when a document
    # writes it so, whichever came first (the name no longer depends on processing order).
    # ki-12: parties are recorded as mentions and their entities settled from every related
    # mention (`entities/settle.py`): the same documents give the same entities, names and
    # roles in any processing order, so the stage may run in several processes. A register
    # extract's number heading the page, and a UK number in brackets after the name, are the
    # company's. A deleted document's mentions are withdrawn. The evidence no longer lists the
    # matter's parties other documents' extraction gave (order-dependent; the party clauses of
    # the filed contracts stay).
    # ki-13: a bank named where money is paid is no party when the PDF wraps the sentence
    # between the IBAN and the bank's name.
    # ki-14: the company a document is about (the target of a share deal, the company whose
    # articles or cap table it is, the joint venture set up) is no party; an e-mail is with
    # the matter's parties its addresses name (g.reisinger@alpenbau.at); "namens unserer
    # Mandantin, der X AG" marks the client. An invoice or fee note has the firm as party only
    # when it names the firm (a claim's unpaid invoice is between the parties); the firm's own
    # notes, memos, checklists, opinions and decks in a client's matter folder are the client's.
    # A name first written on a cover line is in the party clause when the clause names it
    # again (a PDF may wrap it); a heading "1 Definitions" ends the clause. A profession and a
    # legal form alone ("Rechtsanwälte PartG mbB") name no one; a tax adviser, auditor or
    # Treuhand company a contract's party clause names is its party.
    # ki-15: a version stamp above the title ("Execution version", "Stand: 20.06.2025", "KH
    # Draft 1 – 4 March 2025") is no title; a title line broken after a date's day ("vom 16." /
    # "September 2019") is joined.
    # ki-16: a verb particle alone in front of a nominalised verb makes another noun
    # ("Abberufung" is no "Berufung", "Verrechnung" no "Rechnung") in ontology matching.
    # ki-17: a schedule whose own name is exactly a kind of document ("Schedule 2 (Disclosure
    # Letter)") is that document; one named by its subject stays an annex.
    # ki-18: the company acting for a party (a KG's general partner, "vertreten durch ihre
    # persönlich haftende Gesellschafterin, die ... GmbH") is no party.
    # ki-19: a person named after the firm's name ("Dr. Martina Kessler" of "Kessler Haldimann
    # Rechtsanwälte") is the firm's lawyer, no party.
    # ki-20: in a letter's layout the agreement its file name names is its subject too ("KH an
    # Isarpark - Nachtrag Nr. 2.docx"); a kind that is itself a letter (a side letter) keeps it.
    # A letter-shaped document's title is the first line after the place and date that follow
    # its addressee's address (a bill's "KOSTENNOTE", a brief's "Klageerwiderung"), never the
    # addressee; "Im Namen des Volkes", "Rechnungs-Nr. ..." and "Kopie:" lines are no titles.
    # Long German legal forms ("... GESELLSCHAFT MIT BESCHRÄNKTER HAFTUNG") name companies;
    # "in Sachen X GmbH" names X. A party clause's persons with an academic title are parties,
    # an engagement letter addressed to a person is with that person. A kind of letter a
    # letter's heading names after its agreement ("MSA vom 1. Juli 2024 – Abmahnung") is it.
    # ki-21: a court document's title is its name under the caption (court, list, claim
    # number, parties: "DEFENCE", "NOTICE OF HEARING"); a kind the ontology names as a letter
    # ("Facility Letter", "Letter of Claim") keeps its type in a letter's layout; ontology v6
    # (English-law names: deed of variation, supplemental agreement, official copy, completion
    # bible, letter of claim, unbilled time).
    # ki-22: a client folder's billing number is no part of the client's name ("104233
    # Hartwell Logistics Ltd"); a document naming its client ("Mandant: ...") takes that one,
    # not the folder's.
    # ki-23: the client number is read as discovery reads it (four to ten digits, not a year,
    # not a reference's first part); the same names on every estate, other folders may differ.
    # ki-24: a court exhibit ("Anlage K 1", "Exhibit KLS-2") is typed by what it is, not by its
    # label (a contract's "Exhibit A" stays an annex); an exhibit's front sheet is no title.
    # ki-25: the front sheet is found as relate finds it, also below an exhibit stamp.
    # ki-26: the shipped ontology reads "Honorarnote" (an Austrian lawyer's bill) as an invoice,
    # not a fee note or estimate.
    code_version="ki-26",
    description="Types each document against the legal document-type ontology (only "
    "visited, in-scope nodes; untyped stays NULL with the scope fingerprint), reads language, "
    "date, identifiers and notable clauses, and links parties to entities by rule.",
    handler=f"{__name__}.handler:extract_metadata_handler",
    model_stage=True,
    parallel_runs=True,
    # A deleted document's party mentions are withdrawn and their entities settled again.
    runs_for_deleted=True,
    offline_policy=f"{__name__}.offline:ExtractMetadataPolicy",
)
