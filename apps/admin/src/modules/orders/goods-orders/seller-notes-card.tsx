import { NotesCard } from '../notes-card';
import { useSaveSellerNotes } from './goods-orders.queries';

/** 卖家备注 of a goods order. */
export function SellerNotesCard({ id, note, canEdit }: { id: string; note: string; canEdit: boolean }) {
  const save = useSaveSellerNotes();
  return <NotesCard note={note} canEdit={canEdit} saving={save.isPending} save={(notes) => save.mutateAsync({ id, notes })} />;
}
