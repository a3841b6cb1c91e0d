"""One folder per stage; each exports `STAGE` (see `stage.Stage`), ordered by `pipeline.STAGES`.

This package's own import must stay light: the pipeline imports every stage's declaration.
"""
