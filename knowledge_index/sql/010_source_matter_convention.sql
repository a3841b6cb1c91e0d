-- The matter-folder convention discovered per source from its folder tree (the level below
-- client folders whose names begin with a matter reference), with the matter folders found
-- there and the signature of the tree it was computed from (re-discovered when that changes).
ALTER TABLE sources ADD COLUMN matter_convention jsonb;
