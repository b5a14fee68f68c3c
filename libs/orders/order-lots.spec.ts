import { parseLots } from './order-lots';

describe('parseLots', () => {
  it.each([
    ['12, 14 ;17', ['12', '14', '17']],
    ['  B-3\n', ['B-3']],
    ['', null],
    [' , ; ', null],
    [null, null],
  ])('reads %j as %j', (text, lots) => {
    expect(parseLots(text)).toEqual(lots);
  });
});
