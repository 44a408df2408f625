// The rights of a level or card as text live in the contract (packages/contract/src/members/rights-text.ts), shared
// with the customer's member centre in apps/shop.
export { discountText, pointsTimesText, rightsLines, rightsText } from '@contract/members/rights-text';
