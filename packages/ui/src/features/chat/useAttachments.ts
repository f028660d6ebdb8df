import { useCallback, useState } from 'react';
import {
  attachKind,
  attachmentKey,
  MAX_ATTACHMENTS,
  readAsDataUrl,
  type Attachment,
  type AttachRule,
} from './attachments';

export interface Attachments {
  items: Attachment[];
  /** Why the last files could not all be attached, until the next change. */
  error: string;
  add: (files: Iterable<File>) => Promise<void>;
  remove: (key: string) => void;
  clear: () => void;
}

/** The files chosen for the next question (button, paste or drop), checked against `rule`. */
export function useAttachments(rule: AttachRule | undefined): Attachments {
  const [items, setItems] = useState<Attachment[]>([]);
  const [error, setError] = useState('');

  const add = useCallback(
    async (files: Iterable<File>) => {
      if (!rule) return;
      const problems: string[] = [];
      const read: Attachment[] = [];
      for (const file of files) {
        const verdict = attachKind(file, rule);
        if ('refusal' in verdict) {
          problems.push(verdict.refusal);
          continue;
        }
        if (verdict.kind === 'rag') {
          // Sent as it is to the vector store: nothing to read here.
          const mime = file.type || 'application/octet-stream';
          read.push({ key: attachmentKey(), name: file.name, mime, kind: 'rag', data: '', file });
          continue;
        }
        try {
          read.push({
            key: attachmentKey(),
            name: file.name || 'pasted image',
            mime: file.type,
            kind: 'image',
            data: await readAsDataUrl(file),
          });
        } catch {
          problems.push(`${file.name} could not be read`);
        }
      }
      setItems((current) => {
        const room = MAX_ATTACHMENTS - current.length;
        if (read.length > room) problems.push(`At most ${MAX_ATTACHMENTS} files go with one question`);
        return [...current, ...read.slice(0, Math.max(0, room))];
      });
      setError(problems.join('. '));
    },
    [rule],
  );

  const remove = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
    setError('');
  }, []);
  const clear = useCallback(() => {
    setItems([]);
    setError('');
  }, []);

  return { items, error, add, remove, clear };
}
