import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './render.tsx';

const html = (source: string) => renderToStaticMarkup(<Markdown source={source} />);

/** What no rendering of an entry may contain, whatever was written. */
function expectInert(markup: string) {
  expect(markup).not.toMatch(/<script/i);
  expect(markup).not.toMatch(/<(iframe|object|embed|style|svg|math|form|base|meta|link)\b/i);
  expect(markup).not.toMatch(/<[^>]*\son[a-z]+=/i); // no event attribute on any element (text is escaped)
  expect(markup).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
  expect(markup).not.toMatch(/style="[^"]*url\(/i);
}

/**
 * Renders within a deadline: hostile input must not make the page hang. The deadlines leave room
 * for two cores shared with other suites (a megabyte renders in about a second on an idle core,
 * 20-30 s at a load average of 17);
 * quadratic work on a megabyte takes hours, so it still fails here.
 */
function timed(source: string, deadlineMs = source.length > 100_000 ? 45_000 : 5000) {
  const started = performance.now();
  const markup = html(source);
  expect(performance.now() - started).toBeLessThan(deadlineMs);
  return markup;
}

describe('the Markdown renderer', () => {
  it('renders CommonMark and GFM: headings below the page title, emphasis, lists, code, tables, strikethrough, autolinks', () => {
    const markup = html(
      [
        '# Day',
        '',
        'Some **bold**, *soft* and ~~gone~~ words with `code`.',
        '',
        '1. one',
        '2. two',
        '',
        '| Meal | Time |',
        '| :--- | ---: |',
        '| Tea | 7:00 |',
        '',
        '```',
        'let x = 1 < 2;',
        '```',
        '',
        'See www.example.com',
      ].join('\n'),
    );
    expect(markup).toContain('<h2>Day</h2>');
    expect(markup).toContain('<strong>bold</strong>');
    expect(markup).toContain('<em>soft</em>');
    expect(markup).toContain('<del>gone</del>');
    expect(markup).toContain('<code>code</code>');
    expect(markup).toContain('<ol><li>one</li><li>two</li></ol>');
    expect(markup).toContain('<th style="text-align:left">Meal</th>');
    expect(markup).toContain('<td style="text-align:right">7:00</td>');
    expect(markup).toContain('<pre><code>let x = 1 &lt; 2;</code></pre>');
    expect(markup).toContain(
      '<a href="http://www.example.com/" rel="noopener noreferrer nofollow" target="_blank">www.example.com</a>',
    );
  });

  it('renders task list items as checkboxes, read-only without a callback', () => {
    const markup = html('- [ ] milk\n- [x] bread\n- plain');
    expect(markup).toContain('<ul class="contains-task-list">');
    expect(markup).toMatch(/<input type="checkbox" disabled="" aria-label="milk"\/>/);
    expect(markup).toMatch(/<input type="checkbox" disabled="" aria-label="bread" checked=""\/>/);
    expect(markup).toContain('<li>plain</li>');
  });

  it('links only to http, https and mailto, each with rel noopener noreferrer nofollow', () => {
    expect(html('[site](https://example.com/a)')).toContain(
      '<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
    expect(html('[mail](mailto:ada@example.com)')).toContain(
      '<a href="mailto:ada@example.com" rel="noopener noreferrer nofollow">mail</a>',
    );
    // Relative and unknown schemes keep their words and lose the address.
    expect(html('[here](/journals)')).toBe('<div class="markdown"><p><span>here</span></p></div>');
    expect(html('[ftp](ftp://example.com)')).not.toContain('<a');
  });

  it('shows images only from Dayframe media; others as their alt text', () => {
    expect(html('![cat](/api/media/abc.png)')).toContain(
      '<img src="/api/media/abc.png" alt="cat" loading="lazy"/>',
    );
    for (const src of [
      'https://evil.example/x.png',
      '//evil.example/api/media/x.png',
      '/api/media/../../x.png',
      'data:image/png;base64,AAAA',
      '/api/mediax.png',
    ]) {
      const markup = html(`![cat](${src})`);
      expect(markup, src).not.toContain('<img');
      expect(markup, src).toContain('<span class="md-image-placeholder">cat</span>');
    }
  });

  it('shows raw HTML as text, blocks and inline, with no element or attribute of its own', () => {
    const markup = timed(
      [
        '<script>alert(1)</script>',
        '',
        '<div onclick="alert(1)">block</div>',
        '',
        'inline <img src=x onerror=alert(1)> and <a href="javascript:alert(1)">x</a>',
        '',
        '<svg onload=alert(1)><iframe src="javascript:alert(1)"></iframe>',
        '',
        '<style>body{background:url(javascript:alert(1))}</style>',
      ].join('\n'),
    );
    expectInert(markup);
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('never links javascript:, data: or vbscript:, in any case, entity-encoded or with spaces', () => {
    const hostile = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'javascript&#58;alert(1)',
      'javascript&#x3A;alert(1)',
      '&#106;avascript:alert(1)',
      'java%0ascript:alert(1)',
      '<java\tscript:alert(1)>',
      '<javascript:alert(1)>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'DATA:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'VBScript&colon;msgbox(1)',
    ];
    for (const url of hostile) {
      for (const source of [`[x](${url})`, `[x][r]\n\n[r]: ${url}`, `<${url}>`]) {
        const markup = timed(source);
        expectInert(markup);
        expect(markup, source).not.toContain('<a');
      }
    }
  });

  it('renders 10,000 nested quotes and lists within the deadline, flattened past the nesting limit', () => {
    const quotes = timed(`${'> '.repeat(10_000)}deep`);
    expect(quotes).toContain('deep');
    expect(quotes.match(/<blockquote>/g)!.length).toBeLessThan(30);
    const lists = timed(`${'- '.repeat(10_000)}deep`);
    expect(lists).toContain('deep');
    expect(lists.match(/<ul>/g)!.length).toBeLessThan(30);
  });

  const MEGABYTE_LINES: Record<string, string> = {
    words: 'word '.repeat(200_000),
    'raw HTML and script links': '<img src=x onerror=alert(1)>[x](javascript:alert(1))*_'.repeat(
      20_000,
    ),
    'open brackets then link ends': '['.repeat(500_000) + ']('.repeat(250_000),
    'alternating emphasis': '*a _b '.repeat(170_000),
  };
  for (const [name, line] of Object.entries(MEGABYTE_LINES)) {
    it(
      `renders a 1 MB single line (${name}) inert within the deadline`,
      { timeout: 60_000 },
      () => {
        const markup = timed(line);
        expectInert(markup);
        expect(markup.length).toBeGreaterThan(line.length / 2);
      },
    );
  }
});
