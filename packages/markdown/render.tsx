import { createElement, useMemo, type ReactNode } from 'react';
import type { Definition, ListItem, Nodes, Parents, Root, TableRow } from 'mdast';
import { parseMarkdown } from './parse.ts';
import { taskItems } from './tasks.ts';
import { nodePlainText } from './node-plain-text.ts';
import { isWebLink, safeLinkHref, safeMediaSrc } from './safe-urls.ts';
import { mediaIdOf } from '@dayframe/contracts';
import { MediaEmbed, MediaLink } from './media-embed.tsx';

/**
 * How deep the rendered tree may nest. Deeper (10,000 quotes, emphasis in emphasis…) the node is
 * shown as its plain text: the page stays readable and neither this walk nor React recurses
 * without bound.
 */
export const MAX_DEPTH = 24;

const REL = 'noopener noreferrer nofollow';

export type MarkdownProps = {
  source: string;
  /** Called when a task's checkbox is ticked or unticked; without it checkboxes are read-only. */
  onToggleTask?: (index: number, checked: boolean) => void;
  /** Levels added to each heading so an entry's `#` sits below the page's own h1 (default 1). */
  headingOffset?: number;
  className?: string;
};

type Walk = {
  definitions: Map<string, Definition>;
  onToggleTask?: (index: number, checked: boolean) => void;
  headingOffset: number;
  /** The next task's number, counted in document order like `taskItems`. */
  task: number;
};

/**
 * An entry's Markdown as React elements: a walk over the syntax tree that only ever creates
 * known elements with attributes it sets itself. Nothing is parsed as HTML: raw HTML is text,
 * links go only to http(s) and mailto, images only come from Dayframe's media.
 */
export function Markdown({ source, onToggleTask, headingOffset = 1, className }: MarkdownProps) {
  const tree = useMemo(() => parseMarkdown(source), [source]);
  const walk: Walk = {
    definitions: definitionsOf(tree),
    onToggleTask,
    headingOffset,
    task: 0,
  };
  return <div className={className ?? 'markdown'}>{children(tree, walk, 0)}</div>;
}

function definitionsOf(tree: Root): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    // The first definition of a label wins (CommonMark).
    if (node.type === 'definition' && !found.has(node.identifier)) found.set(node.identifier, node);
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}

function children(parent: Parents, walk: Walk, depth: number): ReactNode[] {
  return parent.children.map((child, i) => node(child, walk, depth + 1, i, parent));
}

/** Whether a list item's paragraphs render without `<p>` (a tight list). */
function tight(parent: Parents | undefined): boolean {
  return parent?.type === 'listItem' && !parent.spread;
}

function node(n: Nodes, walk: Walk, depth: number, key: number, parent?: Parents): ReactNode {
  if (depth > MAX_DEPTH) {
    // Tasks inside are not numbered in the rendering; skip past them so later ones keep theirs.
    walk.task += taskItems(n).length;
    return <span key={key}>{nodePlainText(n)} </span>;
  }
  const h = (type: string, props: Record<string, unknown> | null, ...kids: ReactNode[]) =>
    createElement(type, { key, ...props }, ...kids);
  switch (n.type) {
    case 'root':
      return h('div', null, children(n, walk, depth));
    case 'paragraph':
      return tight(parent) ? children(n, walk, depth) : h('p', null, children(n, walk, depth));
    case 'heading':
      return h(`h${Math.min(6, n.depth + walk.headingOffset)}`, null, children(n, walk, depth));
    case 'thematicBreak':
      return h('hr', null);
    case 'blockquote':
      return h('blockquote', null, children(n, walk, depth));
    case 'list': {
      const tasks = n.children.some((item) => typeof item.checked === 'boolean');
      const props = { className: tasks ? 'contains-task-list' : undefined };
      return n.ordered
        ? h(
            'ol',
            { ...props, start: n.start === 1 ? undefined : (n.start ?? undefined) },
            children(n, walk, depth),
          )
        : h('ul', props, children(n, walk, depth));
    }
    case 'listItem':
      return listItem(n, walk, depth, key);
    case 'code':
      return h('pre', null, createElement('code', null, n.value));
    case 'html':
      // Raw HTML is shown as the characters it is; a block keeps its lines.
      return parent?.type === 'root' || parent?.type === 'blockquote' || parent?.type === 'listItem'
        ? h('p', { className: 'md-raw' }, n.value)
        : h('span', null, n.value);
    case 'text':
      return n.value;
    case 'emphasis':
      return h('em', null, children(n, walk, depth));
    case 'strong':
      return h('strong', null, children(n, walk, depth));
    case 'delete':
      return h('del', null, children(n, walk, depth));
    case 'inlineCode':
      return h('code', null, n.value);
    case 'break':
      return h('br', null);
    case 'link':
      return link(n.url, n.title, children(n, walk, depth), key);
    case 'linkReference': {
      const target = walk.definitions.get(n.identifier);
      return target
        ? link(target.url, target.title, children(n, walk, depth), key)
        : h('span', null, '[', children(n, walk, depth), ']');
    }
    case 'image':
      return image(n.url, n.alt, n.title, key);
    case 'imageReference': {
      const target = walk.definitions.get(n.identifier);
      return image(target?.url ?? '', n.alt, target?.title, key);
    }
    case 'table':
      return table(n.children, n.align ?? [], walk, depth, key);
    case 'footnoteReference':
      return h('sup', null, `[${n.label ?? n.identifier}]`);
    case 'footnoteDefinition':
      return h(
        'div',
        { className: 'md-footnote' },
        createElement('span', null, `[${n.label ?? n.identifier}] `),
        children(n, walk, depth),
      );
    default:
      // Definitions and anything this walk does not know show nothing of their own.
      return 'children' in n ? h('span', null, children(n as Parents, walk, depth)) : null;
  }
}

function listItem(item: ListItem, walk: Walk, depth: number, key: number) {
  if (typeof item.checked !== 'boolean') return <li key={key}>{children(item, walk, depth)}</li>;
  const index = walk.task++;
  const toggle = walk.onToggleTask;
  const label = nodePlainText(item).slice(0, 200) || `Task ${index + 1}`;
  return (
    <li key={key} className="task-list-item">
      <input
        type="checkbox"
        checked={item.checked}
        disabled={!toggle}
        aria-label={label}
        onChange={toggle ? (event) => toggle(index, event.currentTarget.checked) : undefined}
      />
      <div className="task-list-item-body">{children(item, walk, depth)}</div>
    </li>
  );
}

function link(url: string, title: string | null | undefined, text: ReactNode[], key: number) {
  // A stored file: the host turns its id into a signed link (decision 0048).
  const media = mediaIdOf(url);
  if (media)
    return (
      <MediaLink key={key} id={media}>
        {text}
      </MediaLink>
    );
  const href = safeLinkHref(url);
  // A link that may not be followed keeps its words and loses its address.
  if (href === null) return <span key={key}>{text}</span>;
  return (
    <a
      key={key}
      href={href}
      title={title ?? undefined}
      rel={REL}
      target={isWebLink(href) ? '_blank' : undefined}
    >
      {text}
    </a>
  );
}

function image(
  url: string,
  alt: string | null | undefined,
  title: string | null | undefined,
  key: number,
) {
  const media = mediaIdOf(url);
  if (media) return <MediaEmbed key={key} id={media} caption={alt ?? ''} />;
  const src = safeMediaSrc(url);
  if (src === null)
    return (
      <span key={key} className="md-image-placeholder">
        {alt || 'Image'}
      </span>
    );
  return <img key={key} src={src} alt={alt ?? ''} title={title ?? undefined} loading="lazy" />;
}

function table(rows: TableRow[], align: (string | null)[], walk: Walk, depth: number, key: number) {
  const cells = (row: TableRow, tag: 'th' | 'td') =>
    row.children.map((cell, i) =>
      createElement(
        tag,
        { key: i, style: align[i] ? { textAlign: align[i] } : undefined },
        children(cell, walk, depth + 2),
      ),
    );
  const [head, ...body] = rows;
  return (
    // A wide table scrolls inside its own box, never the page.
    <div key={key} className="md-table">
      <table>
        {head ? (
          <thead>
            <tr>{cells(head, 'th')}</tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, i) => (
            <tr key={i}>{cells(row, 'td')}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
