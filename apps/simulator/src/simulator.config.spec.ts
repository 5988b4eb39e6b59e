import { loadSimulatorConfig } from './simulator.config';

const ENV = {
  INGEST_URL: 'http://127.0.0.1:3001/',
  INGEST_TOKEN: 'tok-0123456789abcdef',
  API_URL: 'http://127.0.0.1:3000',
  ADMIN_KEY: 'admin-key',
  DEMO_STAFF_NICK: 'Spravce_Demo',
  DEMO_STAFF_PASSWORD: 'pass-word',
  DEMO_STATUS_PORT: '25570',
};

describe('loadSimulatorConfig', () => {
  it('reads what tools/start.mjs passes, with the documented defaults', () => {
    expect(loadSimulatorConfig(ENV, () => 99)).toEqual({
      ingestUrl: 'http://127.0.0.1:3001',
      ingestToken: 'tok-0123456789abcdef',
      apiUrl: 'http://127.0.0.1:3000',
      adminKey: 'admin-key',
      staffNick: 'Spravce_Demo',
      staffPassword: 'pass-word',
      statusPort: 25570,
      staffRankIds: ['10', '11', '12', '13', '14', '15'],
      seed: 99,
      tickMs: { min: 1000, max: 2000 },
    });
  });

  it('takes STAFF_RANK_IDS and SIMULATOR_SEED when set', () => {
    const config = loadSimulatorConfig({ ...ENV, STAFF_RANK_IDS: ' 7, 8 ', SIMULATOR_SEED: '5' });
    expect([config.staffRankIds, config.seed]).toEqual([['7', '8'], 5]);
  });

  it('defaults the staff nick and the status port, and runs without admin key and password', () => {
    const config = loadSimulatorConfig({
      ...ENV,
      DEMO_STAFF_NICK: '',
      DEMO_STATUS_PORT: undefined,
      ADMIN_KEY: undefined,
      DEMO_STAFF_PASSWORD: undefined,
    });
    expect([config.staffNick, config.statusPort, config.adminKey, config.staffPassword]).toEqual([
      'Spravce_Demo',
      25566,
      null,
      null,
    ]);
  });

  it.each([
    [{ INGEST_URL: undefined }, 'INGEST_URL is required'],
    [{ API_URL: 'ftp://x' }, 'API_URL must be an http:// or https:// URL, got "ftp://x"'],
    [{ INGEST_TOKEN: '' }, 'INGEST_TOKEN is required'],
    [{ DEMO_STAFF_NICK: 'Správce' }, 'DEMO_STAFF_NICK must be a Minecraft name'],
    [{ DEMO_STATUS_PORT: '70000' }, 'DEMO_STATUS_PORT must be an integer from 1 to 65535, got "70000"'],
    [{ STAFF_RANK_IDS: '10,admin' }, 'STAFF_RANK_IDS must be a comma list of numeric rank ids'],
  ])('refuses %j naming the variable', (override, message) => {
    expect(() => loadSimulatorConfig({ ...ENV, ...override })).toThrow(message);
  });
});
