import { applyEvent, newPlayer, parseEvent } from '@craftstats/domain';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { PlayerEntity } from './player.entity';
import { PlayerMapper, discordIdColumn, discordIdFromColumn } from './player.mapper';

const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const T0 = Date.UTC(2026, 10, 18, 12);

function event(raw: Record<string, unknown>) {
  const result = parseEvent(
    { id: `e${Math.random()}`, uuid: UUID, nick: 'Notch', date: T0, ...raw },
    {
      defaultServer: 'survival',
      receivedAt: T0,
    },
  );
  if (!result.ok) throw new Error(result.error);
  return result.event;
}

describe('player mapper', () => {
  it('maps a projection to a row and back without losing a field', () => {
    let player = newPlayer(UUID, 'Notch', T0);
    for (const raw of [
      { action: 'ECONOMY_REGISTER' },
      { action: 'ECONOMY_KARMA_ADD', new_value: '-5' },
      { action: 'PLAYER_UPDATE_RANK', new_value: '12' },
      { action: 'PLAYER_SET_TAG', new_value: '3' },
      { action: 'PLAYER_DISCORD_CONNECT', new_value: '18446744073709551615' },
      { action: 'PLAYER_UPDATE_LEVEL', mode: 'skyblock', level: 7, experience: 1234 },
      { action: 'PLAYER_UPDATE_LEVEL', mode: 'global', level: 40 },
      { action: 'PLAYER_UPDATE_SOCIAL', status: 'Ahoj', web: 'https://example.cz', steam: null },
      { action: 'PLAYER_VOTE', site: 'craftlist.org' },
      { action: 'PLAYER_JOIN', mc_version: '1.21.4' },
    ]) {
      player = applyEvent(player, event(raw), { timeZone: 'Europe/Prague' }).player;
    }
    player.lastEvent = { date: T0, id: 'e-10', source: 'Survival' };
    const row = Object.assign(new PlayerEntity(), { id: 1, ...PlayerMapper.toPersistence(player, T0) });
    const balance = Object.assign(new PlayerBalanceEntity(), {
      playerId: 1,
      currency: 'KARMA',
      amount: -5,
      sortKey: 5,
      asOf: T0,
      nickLower: 'notch',
      uuid: UUID,
    });
    expect(row).toMatchObject({
      nickLower: 'notch',
      rankId: '12',
      skyblockExperience: 1234,
      globalLevel: 40,
    });
    expect(PlayerMapper.toDomain(row, [balance])).toEqual(player);
  });

  it('stores no linked Discord account as "" and reads it back as null', () => {
    const player = {
      ...newPlayer(UUID, 'Notch', T0),
      lastEvent: { date: T0, id: 'e-1', source: 'survival' },
    };
    expect(player.discordId).toBeNull();
    const row = Object.assign(new PlayerEntity(), { id: 1, ...PlayerMapper.toPersistence(player, T0) });
    expect(row.discordId).toBe('');
    expect(PlayerMapper.toDomain(row, []).discordId).toBeNull();
    expect([discordIdFromColumn(''), discordIdFromColumn(null), discordIdFromColumn('0')]).toEqual([
      null,
      null,
      '0',
    ]);
    expect([discordIdColumn(null), discordIdColumn('348569173429977088')]).toEqual([
      '',
      '348569173429977088',
    ]);
  });
});
