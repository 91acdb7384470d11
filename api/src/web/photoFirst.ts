import { DEFERRED_PRELOADS_ID, escapeHtml, LEAD_PHOTO_ATTRIBUTE } from '@shop/contract';
import { corsOf, type Preload } from './preloadHints.js';

// Photo first. When a page's first view carries its photo (the page's largest contentful paint), the
// page's scripts and styles are not preloaded alongside it: on a phone's connection they would share
// the bandwidth with the photo (~150 KB of script against a 13 KB photo), and the photo would arrive
// about a second later. The preloads (index.html's and the page's own) wait in an inert template that
// main.js releases once the photo is painted (shell/src/federation/afterFirstViewPainted.ts), just
// before it starts the app, which waited for the photo already. Only main.js itself loads with the page.

/** index.html's own preload elements (scripts/webpack/startupPreload.js), as html-webpack-plugin writes them. */
const PRELOAD_ELEMENT = /<link rel="?preload"?[^>]*>/g;

/** The preloads the Link header would carry, as <link> elements. */
const toLinkElements = (preloads: Preload[]): string =>
  preloads.map((p) => `<link rel="preload" href="${escapeHtml(p.href)}" as="${p.as}"${corsOf(p) ? ` crossorigin="${corsOf(p)}"` : ''}>`).join('');

const LEAD_PHOTO = new RegExp(`<img\\b[^>]*\\b${LEAD_PHOTO_ATTRIBUTE}`);
/** Whether a first view shows a photo it asks the browser to fetch first (the contract's lead-photo marker on an <img>). */
export const hasLeadPhoto = (view: string) => LEAD_PHOTO.test(view);

/** The page with its preloads and those the Link header would carry moved into the template, in head. */
export function deferPreloads(html: string, preloads: Preload[]): string {
  const own = html.match(PRELOAD_ELEMENT) ?? [];
  const head = html.indexOf('</head>');
  if (head < 0 || (!own.length && !preloads.length)) return html;
  const template = `<template id="${DEFERRED_PRELOADS_ID}">${own.join('')}${toLinkElements(preloads)}</template>`;
  const withoutOwn = html.slice(0, head).replace(PRELOAD_ELEMENT, '');
  return withoutOwn + template + html.slice(head);
}

