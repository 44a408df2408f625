import { NotesCard } from '../notes-card';
import { type MemberOrderKind, useSaveMemberOrderNotes } from './member-order.queries';

/** 卖家备注 of a level or card order. */
export function MemberOrderNotesCard({ kind, id, note, canEdit }: { kind: MemberOrderKind; id: string; note: string; canEdit: boolean }) {
  const save = useSaveMemberOrderNotes(kind);
  return <NotesCard note={note} canEdit={canEdit} saving={save.isPending} save={(notes) => save.mutateAsync({ id, notes })} />;
}
