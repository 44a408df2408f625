/** 138****8000: how a phone shows on the account screens, in notices and for a customer in the operation log. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
