// The command palette's front door: the palette itself, the event that opens it and its shortcut.
export { CommandPalette, OPEN_PALETTE_EVENT } from './components/command-palette.tsx';
export { shortcutLabel } from './shortcut-label.ts';
