/** A valid creation body of the published interface; tests override what they exercise. */
export function orderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address: '12 rue des Lilas',
    additional: 'Bâtiment B',
    city: 'Lyon',
    zipcode: '69003',
    owners: [{ firstname: 'Marie', lastname: 'Dupont' }],
    invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
    method: 'extranet',
    syndic: { name: 'Foncia', username: 'marie.dupont', password: 's3cret-syndic' },
    all_due_paid: false,
    external_id: 'DOSSIER-42',
    test_mode: true,
    ...overrides,
  };
}
