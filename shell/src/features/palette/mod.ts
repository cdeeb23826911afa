// The command palette's front door: the palette itself, the event that opens it and the label
// of its keyboard shortcut.
export { CommandPalette, OPEN_PALETTE_EVENT } from './components/command-palette.tsx';
export { shortcutLabel } from './api/shortcut-label.ts';
