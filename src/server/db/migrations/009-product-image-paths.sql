-- Product pictures are files in the media folder (ADR 014): a product row holds its
-- picture's path under that folder instead of a recipe for drawing one. Existing rows get
-- 'products/<slug>.svg'; the demo pictures are written there on start.

ALTER TABLE products ADD COLUMN image_path text;
UPDATE products SET image_path = 'products/' || slug || '.svg';
ALTER TABLE products ALTER COLUMN image_path SET NOT NULL;
ALTER TABLE products DROP COLUMN image_style;
ALTER TABLE products DROP COLUMN image_colour;
