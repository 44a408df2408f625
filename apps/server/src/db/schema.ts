/** Every table, for Drizzle and drizzle-kit. Modules own their tables in <module>.tables.ts. */
export * from '@/modules/login/login.tables';
export * from '@/modules/team/team.tables';
export * from '@/modules/account/account.tables';
export * from '@/modules/files/files.tables';
export * from '@/integrations/payment/payment.tables';
export * from '@/integrations/payment/sandbox.tables';
export * from '@/core/sequence.tables';
export * from '@/core/idempotency.tables';
export * from '@/core/audit.tables';
export * from '@/core/notify.tables';
export * from '@/modules/forms/forms.tables';
export * from '@/modules/orders/form-orders.tables';
export * from '@/modules/orders/goods-orders.tables';
export * from '@/modules/orders/after-sales/after-sales.tables';
export * from '@/modules/goods/goods.tables';
export * from '@/modules/shop/shop.tables';
export * from '@/modules/billing/billing.tables';
export * from '@/core/jobs/outbox.tables';
export * from '@/modules/members/members.tables';
export * from '@/modules/members/customers/export.tables';
export * from '@/modules/delivery/delivery.tables';
// Level and rights-card orders (issue 15, member orders).
export * from '@/modules/orders/member-orders/member-orders.tables';
