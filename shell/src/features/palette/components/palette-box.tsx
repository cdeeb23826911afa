import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  ArrowRightIcon,
  BookIcon,
  currentTheme,
  formatDate,
  setTheme,
  SearchIcon,
  Spinner,
  TagIcon,
  TargetIcon,
  useSession,
  useNavigate,
} from '@dayframe/web-kit';
import { useRemoteCatalog, type CatalogStore } from '../../remotes/mod.ts';
import {
  COMMAND_EVENT,
  matchCommands,
  paletteCommands,
  type CommandEventDetail,
  type PaletteCommand,
} from '../palette-commands.ts';
import { usePaletteSearch } from '../api/palette-search.ts';
import { matchTags, usePaletteTags } from '../api/palette-tags.ts';
import { SearchHint } from './search-hint.tsx';

// What the open palette shows and does, in a chunk of its own: it loads the first time the
// palette opens (command-palette.tsx), since no screen's first visit needs it.

type Option = {
  id: string;
  group: 'Commands' | 'Tags' | 'Entries' | 'Goals' | 'Search';
  label: string;
  detail?: string;
  run: () => void;
};

/**
 * The palette's box: the combobox, its commands, tags, entries and goals found, and "Search for …".
 */
export function PaletteBox({
  catalogStore,
  onLogOut,
  onClose,
}: {
  catalogStore: CatalogStore;
  onLogOut: () => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const catalog = useRemoteCatalog(catalogStore);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const found = usePaletteSearch(text);
  const tags = usePaletteTags();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const input = useRef<HTMLInputElement>(null);
  const q = text.trim();

  const commands = useMemo(
    () =>
      paletteCommands(catalog.status === 'ready' ? catalog.catalog : null, {
        isAdmin: user?.role === 'admin',
        theme: currentTheme(),
      }),
    [catalog, user?.role],
  );

  function go(path: string) {
    onClose();
    void navigate(path);
  }

  function runCommand(command: PaletteCommand) {
    if (command.path) return go(command.path);
    onClose();
    if (command.owner === 'shell' && command.action === 'theme')
      setTheme(currentTheme() === 'dark' ? 'light' : 'dark');
    else if (command.owner === 'shell' && command.action === 'logout') onLogOut();
    else if (command.action)
      window.dispatchEvent(
        new CustomEvent<CommandEventDetail>(COMMAND_EVENT, {
          detail: { remote: command.owner, id: command.id, action: command.action },
        }),
      );
  }

  const options: Option[] = [
    ...matchCommands(commands, text).map((command) => ({
      id: `c-${command.id}`,
      group: 'Commands' as const,
      label: command.label,
      run: () => runCommand(command),
    })),
    ...matchTags(tags, q).map((tag) => ({
      id: `t-${tag}`,
      group: 'Tags' as const,
      label: `Go to tag #${tag}`,
      run: () => go(`/tags/${encodeURIComponent(tag)}`),
    })),
    ...(q
      ? found.entries.map((entry) => ({
          id: `e-${entry._id}`,
          group: 'Entries' as const,
          label: entry.title.trim() || 'Untitled entry',
          detail: `${entry.journalTitle} · ${formatDate(entry.date)}`,
          run: () =>
            go(
              `/journals/${encodeURIComponent(entry.journalId)}/entries/${encodeURIComponent(entry._id)}`,
            ),
        }))
      : []),
    ...(q
      ? found.goals.map((goal) => ({
          id: `g-${goal._id}`,
          group: 'Goals' as const,
          label: goal.title.trim() || 'Untitled goal',
          detail: goal.completed ? 'Completed' : `Due ${formatDate(goal.dateDue)}`,
          run: () => go('/goals'),
        }))
      : []),
    ...(q
      ? [
          {
            id: 'search',
            group: 'Search' as const,
            label: `Search for “${q}”`,
            run: () => go(`/search?q=${encodeURIComponent(q)}`),
          },
        ]
      : []),
  ];
  const current = Math.min(active, options.length - 1);
  const optionId = (option: Option) => `${baseId}-${option.id}`;

  // A new text starts from the first option again.
  useEffect(() => setActive(0), [q]);
  // Keep the active option in sight while arrowing through a long list.
  useEffect(() => {
    const option = options[current];
    if (option) document.getElementById(optionId(option))?.scrollIntoView?.({ block: 'nearest' });
  });
  useEffect(() => input.current?.focus(), []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Home' && options.length > 0 && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && options.length > 0 && event.ctrlKey) {
      event.preventDefault();
      setActive(options.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      options[current]?.run();
    }
    // Escape is the dialog's (its cancel event), as in every other dialog.
  }

  const groups = (['Commands', 'Tags', 'Entries', 'Goals', 'Search'] as const)
    .map((group) => ({ group, items: options.filter((option) => option.group === group) }))
    .filter(({ items }) => items.length > 0);
  const announcement =
    q && found.status === 'searching'
      ? 'Searching…'
      : options.length === 0
        ? 'No matching commands'
        : `${options.length} ${options.length === 1 ? 'option' : 'options'}`;

  return (
    <>
      <div className="flex items-center gap-3 border-b border-base-300/70 px-4">
        <SearchIcon className="size-5 shrink-0 text-base-content/50" />
        <input
          ref={input}
          type="text"
          role="combobox"
          aria-label="Type a command or search"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options[current] ? optionId(options[current]) : undefined}
          placeholder="Type a command or search…"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-base-content/50"
        />
        {q && found.status === 'searching' ? <Spinner size="sm" label="" /> : null}
        <kbd className="kbd kbd-sm max-sm:hidden">Esc</kbd>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Commands and results"
        className="max-h-[min(60vh,26rem)] overflow-y-auto p-2"
      >
        {groups.map(({ group, items }) => (
          <div key={group} role="group" aria-labelledby={`${baseId}-g-${group}`}>
            {group === 'Search' ? null : (
              <p
                id={`${baseId}-g-${group}`}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-base-content/50 uppercase"
              >
                {group}
              </p>
            )}
            {items.map((option) => {
              const index = options.indexOf(option);
              const selected = index === current;
              const OptionIcon =
                option.group === 'Entries'
                  ? BookIcon
                  : option.group === 'Tags'
                    ? TagIcon
                    : option.group === 'Goals'
                      ? TargetIcon
                      : option.group === 'Search'
                        ? SearchIcon
                        : ArrowRightIcon;
              return (
                <div
                  key={option.id}
                  id={optionId(option)}
                  role="option"
                  aria-selected={selected}
                  aria-label={option.detail ? `${option.label}, ${option.detail}` : undefined}
                  onMouseMove={() => (selected ? undefined : setActive(index))}
                  onClick={option.run}
                  className={`flex cursor-pointer items-center gap-3 rounded-field px-3 py-2.5 text-sm ${
                    selected ? 'bg-primary text-primary-content' : 'text-base-content/85'
                  }`}
                >
                  <OptionIcon
                    className={`size-4 shrink-0 ${selected ? '' : 'text-base-content/50'}`}
                  />
                  <span className="min-w-0 flex-1 truncate font-medium">{option.label}</span>
                  {option.detail ? (
                    <span
                      className={`shrink-0 truncate text-xs ${selected ? 'text-primary-content/80' : 'text-base-content/55'}`}
                    >
                      {option.detail}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
        {options.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-base-content/60">No matching commands</p>
        ) : null}
      </div>
      <SearchHint />
      <div className="flex items-center gap-4 border-t border-base-300/70 bg-base-200/50 px-4 py-2 text-xs text-base-content/60 max-sm:hidden">
        <span>
          <kbd className="kbd kbd-xs">↑</kbd> <kbd className="kbd kbd-xs">↓</kbd> move
        </span>
        <span>
          <kbd className="kbd kbd-xs">Enter</kbd> open
        </span>
        <span>
          <kbd className="kbd kbd-xs">Esc</kbd> close
        </span>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
