import { FORM_GONE_MSG, type UploadedFileInfo } from '@shop/contract';
import { type Ctx, inTx } from '@/core/context';
import { ensure } from '@/core/errors';
import type { Db } from '@/db/client';
import { filesRepo } from './files.repository';
import { storeUpload, toInfo } from './files.service';
import { tenantFor } from '@/core/tenant';
import { uploaderKey } from './uploader';

/** Unclaimed images one visitor may hold in one form: enough for every image field, not a free file host. */
export const VISITOR_UNCLAIMED_CAP = 20;
/** Unclaimed images of all visitors of one form: the visitor id is the browser's own, so new ids are free. */
export const FORM_UNCLAIMED_CAP = 2000;

/**
 * Says which enterprise a form taking submissions now belongs to, or null when it is missing or closed: the forms
 * module's answer (`openFormOwner`), handed to the files calls by the app's routes (files is below forms).
 */
export type PublicUploadGuard = (db: Db, formId: string) => Promise<{ renterId: string } | null>;

export const formScope = (formId: string) => `form:${formId}`;

/**
 * A customer's upload on the public fill page of an active form. The caps are places taken before the image is stored
 * (one conditional upsert each, both in one transaction) and given back when it is claimed, deleted or not stored.
 */
export async function publicUpload(
  ctx: Ctx,
  input: { formId: string; visitor: string },
  openForm: PublicUploadGuard,
): Promise<UploadedFileInfo> {
  const form = await openForm(ctx.db, input.formId);
  ensure(form, FORM_GONE_MSG);
  return storeCustomerUpload(ctx, form.renterId, formScope(input.formId), { type: 'visitor', id: input.visitor }, [
    { key: input.visitor, cap: VISITOR_UNCLAIMED_CAP, full: `最多上传${VISITOR_UNCLAIMED_CAP}张图片，请先提交表单` },
    { key: '', cap: FORM_UNCLAIMED_CAP, full: '上传的人太多了，请稍后再试' },
  ]);
}

/**
 * Stores a customer's image after taking one place under each cap, in order, in one short transaction (a refusal by a
 * later cap gives the earlier places back with it); the places are given back if the image is not stored.
 */
async function storeCustomerUpload(
  ctx: Ctx,
  renterId: string,
  scope: string,
  uploader: Uploader,
  caps: { key: string; cap: number; full: string }[],
): Promise<UploadedFileInfo> {
  await inTx(ctx, async (tx) => {
    for (const c of caps) ensure(await filesRepo.takeUploadPlace(tenantFor(tx, renterId), scope, c.key, c.cap), c.full);
  });
  try {
    return toInfo(await storeUpload(ctx, renterId, uploader, scope));
  } catch (err) {
    await filesRepo.releaseUploadPlaces(tenantFor(ctx, renterId), scope, uploaderKey(uploader.type, uploader.id), 1);
    throw err;
  }
}

/** A customer who uploads: a visitor of a public form page, or a logged-in member. */
export interface Uploader {
  type: 'visitor' | 'member';
  id: string;
}

export interface ClaimInput {
  renterId: string;
  /** form:<formId>, after-sale */
  scope: string;
  uploader: Uploader;
  /** The image urls the submission holds. */
  urls: string[];
  /** What uses them (the submission id); the scope when not given. */
  attachTo?: string;
}

/**
 * Marks the customer's images as used, inside the caller's transaction. True only if every url is an upload of this
 * visitor or member in this scope not used before; otherwise nothing is marked and the caller refuses.
 */
export async function claimUploads(ctx: Ctx, input: ClaimInput): Promise<boolean> {
  const urls = [...new Set(input.urls)];
  if (urls.length === 0) return true;
  const t = tenantFor(ctx, input.renterId);
  const rows = await filesRepo.lockUnclaimed(t, input.scope, input.uploader, urls);
  if (rows.length !== urls.length) return false;
  await filesRepo.attach(
    t,
    rows.map((r) => r.id),
    input.attachTo ?? input.scope,
  );
  await filesRepo.releaseUploadPlaces(t, input.scope, uploaderKey(input.uploader.type, input.uploader.id), rows.length);
  return true;
}

/** Where a member's after-sale images are kept until a request claims them. */
export const AFTER_SALE_SCOPE = 'after-sale';
/** Unclaimed after-sale images one member may hold: a few requests' worth, not a free file host. */
export const MEMBER_UNCLAIMED_CAP = 20;

/**
 * A logged-in member's image for an after-sale request (`/h5/AfterSale/UpLoad`): stored in the member's renter with
 * owner `member`, scope `after-sale`, after taking one of the member's MEMBER_UNCLAIMED_CAP places (one conditional
 * upsert; given back when a request claims it or the file is not stored). Members log in by SMS, so there is no
 * all-members cap as public forms have for free visitor ids.
 */
export async function memberUpload(ctx: Ctx, input: { renterId: string; memberId: string }): Promise<UploadedFileInfo> {
  return storeCustomerUpload(ctx, input.renterId, AFTER_SALE_SCOPE, { type: 'member', id: input.memberId }, [
    {
      key: uploaderKey('member', input.memberId),
      cap: MEMBER_UNCLAIMED_CAP,
      full: `最多上传${MEMBER_UNCLAIMED_CAP}张图片，请先提交售后申请`,
    },
  ]);
}
