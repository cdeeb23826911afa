import { lazy, Suspense } from 'react';
import { ContentField } from '../../../shared/fields.tsx';
import type { MarkdownEditorProps } from './markdown-editor.tsx';

// The editor and the Markdown renderer are a chunk of their own: the journal list never loads them.
const Editor = lazy(() => import('./markdown-editor.tsx'));

/** The Markdown editor once its chunk is here; until then the plain Content field, already usable. */
export function LazyMarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense
      fallback={
        <ContentField
          value={props.value}
          onChange={props.onChange}
          rows={props.rows}
          placeholder={props.placeholder}
        />
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
