import { useEffect, useState, type ComponentProps } from 'react';
import { Dialog, Spinner } from '@dayframe/web-kit';
import { useModule } from '../../../components/use-module.ts';
import type { CatalogStore } from '../../remotes/mod.ts';
import type { PaletteBox } from './palette-box.tsx';

/** Event a button (the sidebar's Search) dispatches to open the palette. */
export const OPEN_PALETTE_EVENT = 'dayframe:open-palette';

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(
    target.type,
  );
}

/**
 * The command palette of every signed-in screen: Ctrl+K (⌘K), or `/` outside a text field,
 * opens it. The commands come from the remotes' descriptions (the shell only hosts them, plus
 * theme and log out); typing also lists the first entries and goals found and "Search for …".
 * An ARIA combobox over a listbox: focus stays in the box, arrows move the active option
 * (aria-activedescendant), Enter runs it, Escape closes and focus returns where it was (the kit's Dialog).
 */
export function CommandPalette({
  catalogStore,
  onLogOut,
}: {
  catalogStore: CatalogStore;
  onLogOut: () => void;
}) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const show = () => setOpen(true);
    function onKeyDown(event: globalThis.KeyboardEvent) {
      // A field that uses the key itself has claimed it: Ctrl/⌘+K in the entry editor makes a link.
      if (event.defaultPrevented) return;
      const k =
        event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      const slash =
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTextField(event.target);
      if (!k && !slash) return;
      event.preventDefault();
      show();
    }
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener(OPEN_PALETTE_EVENT, show);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener(OPEN_PALETTE_EVENT, show);
    };
  }, []);

  const close = () => setOpen(false);

  // The kit's Dialog: page behind inert, Escape closes, focus goes back where it was.
  return (
    <Dialog
      open={open}
      onClose={close}
      label="Command palette"
      className="modal-top items-start pt-[10vh] sm:modal-middle sm:items-start"
      boxClassName="w-[calc(100%-1.5rem)] max-w-xl overflow-hidden rounded-box p-0 shadow-2xl"
    >
      <LoadedPaletteBox catalogStore={catalogStore} onLogOut={onLogOut} onClose={close} />
    </Dialog>
  );
}

// The box and all it needs load the first time the palette opens: a screen's first visit needs
// only the shortcut that opens it (issue 30).
let loadedBox: typeof PaletteBox | undefined;
const loadBox = () => import('./palette-box.tsx').then((m) => (loadedBox = m.PaletteBox));

function LoadedPaletteBox(props: ComponentProps<typeof PaletteBox>) {
  const Box = useModule(loadedBox, loadBox, 'palette');
  if (Box) return <Box {...props} />;
  return (
    <div className="flex h-14 items-center justify-center">
      <Spinner size="sm" label="Loading commands…" />
    </div>
  );
}
