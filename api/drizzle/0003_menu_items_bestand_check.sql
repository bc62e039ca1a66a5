-- Stock (bestand) is -1 for unlimited, otherwise never below 0 (requirements#entities; orders decrement it
-- with UPDATE ... WHERE bestand >= n in the order's transaction, this is the last line of defence).
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_bestand_check" CHECK ("bestand" >= -1);
