-- The responsive files of an uploaded image ([images.variants]): JSON
-- `{ width, height, widths: [px…], formats: ["avif", "webp", "jpeg"] }`, the files being
-- `/uploads/NAME-{width}.{avif|webp|jpg}` beside the slot's `path` `/uploads/NAME.jpg`.
-- NULL: a default photo, an empty slot, or an upload stored before variants existed (JPEG + WebP).
ALTER TABLE image_slots ADD COLUMN variants TEXT;
