import { storedFilename, storedTitle } from './stored-document-names';

describe('a collected document’s stored title and file name', () => {
  it('keeps what fits', () => {
    expect(storedTitle('Procès-verbal 2024')).toBe('Procès-verbal 2024');
    expect(storedFilename('Procès-verbal 2024', 'application/pdf')).toBe('Procès-verbal 2024.pdf');
    expect(storedFilename('Photo', 'image/heic')).toBe('Photo.bin');
  });

  it('cuts a long title to its column, and the file name before its extension', () => {
    const title = 'Procès-verbal '.repeat(50);
    expect(Array.from(storedTitle(title))).toHaveLength(500);
    const filename = storedFilename(title, 'application/pdf');
    expect(Array.from(filename)).toHaveLength(255);
    expect(filename.endsWith('.pdf')).toBe(true);
    expect(title.startsWith(filename.slice(0, -4))).toBe(true);
  });

  it('counts characters as PostgreSQL does, and never cuts one in half', () => {
    // 300 characters outside the basic plane: 600 UTF-16 units, 300 characters for varchar(500).
    const astral = '𝒜'.repeat(300);
    expect(storedTitle(astral)).toBe(astral);
    const filename = storedFilename(astral, 'application/pdf');
    expect(Array.from(filename)).toHaveLength(255);
    expect(filename).toBe(`${'𝒜'.repeat(251)}.pdf`);
  });
});
