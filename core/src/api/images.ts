/**
 * Contracts of the image endpoints ([images.config], [images.upload], [images.carousel-slots]).
 * Browser-safe.
 */
import { z } from 'zod';
import { CAROUSEL_KEYS, IMAGE_FORMATS, LOCATION_IMAGE_KEYS, PROPERTY_IMAGE_KEYS, type ImageConfig, type ImageVariants } from '../images/images.js';
import { successResponseSchema } from './common.js';

const SLOT_KEYS: readonly string[] = [...PROPERTY_IMAGE_KEYS, ...LOCATION_IMAGE_KEYS, ...CAROUSEL_KEYS];

/** An image slot's key: hero, overview, aerial, entrance, kitchen, mountains, railway, golf or slide1..slide32. */
export const imageSlotKeyField = z
  .string({ message: 'is required' })
  .refine((k) => SLOT_KEYS.includes(k), 'must be an image slot (hero, overview, aerial, entrance, kitchen, mountains, railway, golf or slide1..slide32)');

/** A carousel slot's key, slide1..slide32. */
export const carouselKeyField = z.string().refine((k) => (CAROUSEL_KEYS as readonly string[]).includes(k), 'must be slide1..slide32');

/** Form fields of `POST /api/upload-image` beside the `image` file (multipart/form-data). */
export const uploadImageFieldsSchema = z.object({ imageId: imageSlotKeyField });

/** Path of `PUT`/`DELETE /api/images/slots/{key}`. */
export const carouselSlotParamsSchema = z.object({ key: carouselKeyField });

/**
 * The responsive files of one uploaded image ([images.variants]): its intrinsic size (px, long
 * edge at most 2,560) and the widths (px, ascending) and formats (best first) stored, each as
 * `/uploads/NAME-{width}.{avif|webp|jpg}` beside `/uploads/NAME.jpg`.
 */
export const imageVariantsSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()),
  formats: z.array(z.enum(IMAGE_FORMATS)),
}) satisfies z.ZodType<ImageVariants>;

/**
 * `GET /api/images/config` (public): empty paths mean the default photo. `variants` (added with
 * [images.variants]; left out while no slot names an upload that has them) maps an uploaded
 * image's path to its responsive files; a path without an entry derives its sources from the path.
 */
export const imageConfigSchema = z.object({
  property: z.record(z.enum(PROPERTY_IMAGE_KEYS), z.string()),
  carousel: z.partialRecord(z.templateLiteral(['slide', z.number()]), z.string()),
  location: z.record(z.enum(LOCATION_IMAGE_KEYS), z.string()),
  variants: z.record(z.string(), imageVariantsSchema).optional(),
}) satisfies z.ZodType<ImageConfig>;
export type ImageConfigResponse = z.infer<typeof imageConfigSchema>;

/**
 * `POST /api/upload-image`: the stored file (its JPEG; the responsive files are listed in the
 * image config's `variants`); sizes in bytes, `compressedSize` the largest AVIF, what a modern
 * browser downloads at full width ([images.variants]).
 */
export const uploadImageResponseSchema = z.object({
  success: z.literal(true),
  newPath: z.string(),
  originalSize: z.number(),
  compressedSize: z.number(),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

/** `PUT` and `DELETE /api/images/slots/{key}`. */
export const carouselSlotResponseSchema = successResponseSchema;
