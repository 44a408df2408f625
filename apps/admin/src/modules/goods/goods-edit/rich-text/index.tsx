import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

const Editor = lazy(() => import('./rich-text-editor'));

/** The description editor as a form control; its code is a chunk of its own, loaded when the goods form shows it. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 280 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
