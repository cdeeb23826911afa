import type { ApiClient } from '@dayframe/test-kit';

/**
 * The two goals a calendar day shows besides its entries, made over the API for `token`'s
 * account: "Call grandma" due on `date`, and "Read a book" (due in 2031) completed on `date`.
 */
export async function seedGoals(api: ApiClient, token: string, date: string): Promise<void> {
  await api.call('POST', '/api/goals', {
    token,
    body: { title: 'Call grandma', description: 'Sunday.', dateDue: date, dateSet: date },
  });
  const done = await api.call('POST', '/api/goals', {
    token,
    body: { title: 'Read a book', description: 'Any.', dateDue: '2031-01-01', dateSet: date },
  });
  await api.call('PUT', `/api/goals/${done.body._id}/complete`, {
    token,
    body: { currentDate: date },
  });
}
