/**
 * A refund is decided with the business change and carried out by a job a moment later: a detail page showing a
 * refund still on its way asks again every 2 s (at most 15 times) until it shows it done.
 */
export function whileRefunding<T>(pending: (data: T) => boolean) {
  return (q: { state: { data: T | undefined; dataUpdateCount: number } }) =>
    q.state.data !== undefined && pending(q.state.data) && q.state.dataUpdateCount < 15 ? 2000 : false;
}
