import { type PostalAddress, orderedPropertyMatch } from './ordered-property.match';

const address = (street: string, zipcode = '75002', city = 'Paris'): PostalAddress => ({
  street,
  zipcode,
  city,
});

describe('orderedPropertyMatch', () => {
  it.each([
    ['12 rue de la Paix', '12, Rue de la Paix'],
    ['12 rue de la Paix', '12 r. de la paix'],
    ['12 bd Saint-Michel', '12 boulevard St Michel'],
    ['3 allée des Vendangeurs', '3 all. Vendangeurs'],
    ['13 rue de la Paix', '12-14 rue de la Paix'],
    ['12 bis rue de la Paix', '12 rue de la Paix'],
    ['rue de la Paix', '12 rue de la Paix'],
    ['12 rue de la Paix, bâtiment B', '12 rue de la Paix'],
    ['12 Rue Émile Zola', '12 rue Emile Zola'],
  ])('takes %j and %j for one building', (ordered, described) => {
    expect(orderedPropertyMatch(address(ordered), address(described))).toBe('same');
  });

  it.each([
    ['12 rue de la Paix', '3 allée des Vendangeurs'],
    ['12 rue de la Paix', '12 avenue de la Paix'],
    ['12 rue de la Paix', '40 rue de la Paix'],
    ['12 rue de la Paix', '14-90 rue de la Paix'],
  ])('takes %j and %j for two buildings', (ordered, described) => {
    expect(orderedPropertyMatch(address(ordered), address(described))).toBe('different');
  });

  it('compares the postal code and the city, whatever a postal address adds to the city', () => {
    const ordered = address('12 rue de la Paix', '75002', 'Paris');
    expect(orderedPropertyMatch(ordered, address('12 rue de la Paix', '75002', 'PARIS 2E'))).toBe('same');
    expect(
      orderedPropertyMatch(ordered, address('12 rue de la Paix', '75002', 'Paris 2e arrondissement')),
    ).toBe('same');
    expect(orderedPropertyMatch(ordered, address('12 rue de la Paix', '33140', 'Paris'))).toBe('different');
    expect(orderedPropertyMatch(ordered, address('12 rue de la Paix', '75002', 'Lyon'))).toBe('different');
    expect(
      orderedPropertyMatch(
        address('1 place X', '33140', 'Villenave-d’Ornon'),
        address('1 place X', '33140', "VILLENAVE D'ORNON"),
      ),
    ).toBe('same');
  });

  it('compares only the parts both sides give, and cannot tell when none', () => {
    expect(orderedPropertyMatch(address('12 rue de la Paix'), address('', '', 'Paris'))).toBe('same');
    expect(orderedPropertyMatch(address('12 rue de la Paix'), address('', '', 'Lyon'))).toBe('different');
    expect(orderedPropertyMatch(address('12 rue de la Paix'), address('', '', ''))).toBe('unknown');
    expect(orderedPropertyMatch(address('12 rue de la Paix'), address('12', '', ''))).toBe('unknown');
  });
});
