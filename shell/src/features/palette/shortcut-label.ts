/** The palette's shortcut as this keyboard writes it: "⌘K" on Apple keyboards, "Ctrl K" elsewhere. */
export function shortcutLabel(): string {
  const platform = globalThis.navigator?.platform ?? '';
  return /Mac|iPhone|iPad/.test(platform) ? '⌘K' : 'Ctrl K';
}
