import { existsSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_SLOT_TEXT, isEmptyImagePath, listingImagePaths, socialCard, vacationRentalJsonLd } from '@ridgeline/core';
import { socialCardPath } from '@ridgeline/core/node';
import type { PublicPageData } from '../deps.js';
import { escapeAttribute } from './escape.js';

/** The block of index.html the home page's own head replaces ([listing.social-card]). */
const HEAD_START = /<!-- listing-head[\s\S]*?-->/;
const HEAD_END = '<!-- /listing-head -->';

/** The built-in social card picture (web/public/og-image.jpg, 1200 × 630) and its alt text. */
const DEFAULT_CARD = { path: '/og-image.jpg', alt: 'The Ridgeline estate at dusk with the Blue Ridge Mountains behind it' };

/**
 * The social card's picture ([listing.social-card]): the 1200 × 630 crop made from the owner's
 * hero upload when there is one (an upload from before the crops existed has none), else the
 * built-in card.
 */
export function socialCardImage(imageConfig: PublicPageData['imageConfig'], uploadsDir: string): { path: string; alt: string } {
  const hero = imageConfig.property?.hero;
  const card = hero && !isEmptyImagePath(hero) ? socialCardPath(hero) : undefined;
  if (card && existsSync(path.join(uploadsDir, path.basename(card)))) return { path: card, alt: IMAGE_SLOT_TEXT.hero.alt };
  return DEFAULT_CARD;
}

/** JSON safe inside `<script type="application/ld+json">`: no `</script>`, no `<!--`, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The home page's title, description, Open Graph and Twitter tags and JSON-LD, from the listing,
 * the photos and the reviews ([listing.structured-data], [listing.social-card]). The JSON-LD is
 * a data block, not script code: the CSP's script-src does not apply to it.
 */
export function listingHeadHtml(data: PublicPageData, publicUrl: string, uploadsDir: string): string {
  const listing = data.listing;
  const card = socialCardImage(data.imageConfig, uploadsDir);
  const social = socialCard(listing, publicUrl, card.path, card.alt);
  const jsonLd = vacationRentalJsonLd({ listing, publicUrl, imagePaths: listingImagePaths(data.imageConfig), reviews: data.publishedReviews.reviews });
  const a = escapeAttribute;
  return [
    `<title>${a(social.title)}</title>`,
    `<meta name="description" content="${a(social.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${a(listing.name)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta property="og:url" content="${a(`${publicUrl}/`)}" />`,
    `<meta property="og:title" content="${a(social.title)}" />`,
    `<meta property="og:description" content="${a(social.description)}" />`,
    `<meta property="og:image" content="${a(social.image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${a(social.imageAlt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${a(social.title)}" />`,
    `<meta name="twitter:description" content="${a(social.description)}" />`,
    `<meta name="twitter:image" content="${a(social.image)}" />`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ]
    .map((line) => `    ${line}`)
    .join('\n')
    .trimStart();
}

/**
 * `template` with its listing-head block (index.html's fresh-install defaults) replaced by `head`;
 * a template without the block gets `head` at the end of its `<head>`.
 */
export function withListingHead(template: string, head: string): string {
  const start = HEAD_START.exec(template);
  const end = template.indexOf(HEAD_END);
  if (!start || end < start.index) return template.replace('</head>', `${head}\n</head>`);
  return template.slice(0, start.index) + head + template.slice(end + HEAD_END.length);
}
