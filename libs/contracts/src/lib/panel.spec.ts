import { PANEL_DEFAULT_LIMIT, PANEL_MAX_LIMIT, panelQueryToSearchParams } from './panel';

describe('panelQueryToSearchParams', () => {
  it('writes the set filters in a fixed order and skips undefined ones', () => {
    const params = panelQueryToSearchParams({
      cursor: 'eyJpZCI6MX0=',
      limit: 500,
      to: 1700000000999,
      from: 1700000000000,
      server: 'survival',
      action: 'PLAYER_UPDATE_RANK',
      nick: 'Jan Novák',
      uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
    });
    expect(params.toString()).toBe(
      'uuid=069a79f4-44e9-4726-a5be-fca90e38aaf5&nick=Jan+Nov%C3%A1k&action=PLAYER_UPDATE_RANK&server=survival' +
        '&from=1700000000000&to=1700000000999&limit=500&cursor=eyJpZCI6MX0%3D',
    );
    expect(panelQueryToSearchParams({ nick: undefined, limit: 0 }).toString()).toBe('limit=0');
    expect(panelQueryToSearchParams({}).toString()).toBe('');
  });

  it('has the page size limits', () => {
    expect([PANEL_DEFAULT_LIMIT, PANEL_MAX_LIMIT]).toEqual([100, 500]);
  });
});
