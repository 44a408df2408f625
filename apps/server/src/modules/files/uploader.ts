/**
 * The key a customer's uploads are counted and claimed under (`visitor_upload_counts.visitor`): a visitor's own id
 * (public form pages), `member:<id>` for a logged-in member (after-sale images), so the two never share a count.
 */
export function uploaderKey(ownerType: string, ownerId: string): string {
  return ownerType === 'member' ? `member:${ownerId}` : ownerId;
}
