import { useState } from 'react';
import type { ProductLine } from '@shop/shared/contract';
import { setLineNote } from '@shop/shared/domain/cart';
import { de, fill } from '@shop/shared/i18n';
import { Button } from '@shop/shared/ui';
import { updateCart } from '../../data/commands';
import { Dialog } from '../../ui/Dialog';
import css from './cart.module.css';

const t = de.cart;
/** Notes dialog per cart item (requirements#screens): max width 700. */
const NOTE_DIALOG_MAX_WIDTH = 700;
const NOTE_MAX_LENGTH = 200;

export function NoteDialog({ line, onClose }: { line: ProductLine; onClose: () => void }) {
  const [note, setNote] = useState(line.notes);
  const save = () => {
    updateCart((c) => setLineNote(c, line.cartItemId, note, NOTE_MAX_LENGTH));
    onClose();
  };
  return (
    <Dialog
      title={fill(t.noteTitle, { name: line.nameToDisplay })}
      onClose={onClose}
      maxWidth={NOTE_DIALOG_MAX_WIDTH}
      testId="note-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t.noteCancel}
          </Button>
          <Button onClick={save} data-testid="note-save">
            {t.noteSave}
          </Button>
        </>
      }
    >
      <textarea
        className={css.noteInput}
        value={note}
        maxLength={NOTE_MAX_LENGTH}
        placeholder={t.notePlaceholder}
        aria-label={t.notePlaceholder}
        rows={4}
        autoFocus
        onChange={(e) => setNote(e.target.value)}
        data-testid="note-input"
      />
    </Dialog>
  );
}
