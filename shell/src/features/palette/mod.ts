// The command palette's front door: the palette itself, the event that opens it and its glyph.
export { CommandPalette, OPEN_PALETTE_EVENT } from './components/command-palette.tsx';
export { SearchGlyph, shortcutLabel } from './components/search-glyph.tsx';
