"""Source objects: the files (and documents inside files) every stage works on."""
