import { PlayerRecord, newPlayer } from '@craftstats/domain';
import { playerProfile } from '@craftstats/contracts/testing';
import { toPlayerProfile } from './player-profile.mapper';

const UUID = '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b';

describe('toPlayerProfile', () => {
  it('maps a player the service was never told anything about to 0, "", false and null — every field present', () => {
    const player = newPlayer(UUID, 'Novacek', 1_700_000_000_000);
    const profile = toPlayerProfile({ id: 7, player, votesMonth: 0, votesWeek: 0 });
    expect(profile).toStrictEqual(
      playerProfile({ id: 7, discriminator: player.discriminator, nick: 'Novacek', uuid: UUID }),
    );
    expect(profile.discriminator).toMatch(/^\d{4}$/);
  });

  it('maps every stored value to its profile field', () => {
    const player = newPlayer(UUID, 'Pepa_Novak', 1);
    Object.assign(player, {
      registred: 1_600_000_000_000,
      webGroup: 3,
      lastOnline: 1_700_000_500_000,
      lastServer: 'skyblock',
      isOnline: true,
      playedTime: 3_600_000 + 59_999,
      mcVersion: '1.21.4',
      rank: '12',
      tag: 'VIP',
      discordId: '987654321098765432',
      votesTotal: 42,
      lastVote: 1_700_000_400_000,
      deprecated: { votetokens: 11, level: 12, experience: 13 },
      social: {
        status: 'Ahoj!',
        facebook: 'https://facebook.com/pepa',
        twitter: null,
        twitch: 'https://twitch.tv/pepa',
        steam: null,
        web: 'http://pepa.cz',
      },
    });
    const amounts = {
      CRAFTCOINS: 101,
      CRAFTTOKENS: 102,
      VOTETOKENS: 103,
      KARMA: -104,
      ACHIEVEMENTPOINTS: 105,
      EVENTPOINTS: 106,
    };
    for (const [type, amount] of Object.entries(amounts)) {
      player.balances[type as keyof typeof amounts] = { amount, asOf: 5 };
    }
    const modes = ['global', 'survival', 'skyblock', 'creative', 'vanilla', 'prison', 'skycloud'] as const;
    modes.forEach((mode, i) => (player.levels[mode] = { level: 10 + i, experience: 1000 * (i + 1) }));
    const record: PlayerRecord = { id: 99, player, votesMonth: 7, votesWeek: 2 };

    expect(toPlayerProfile(record)).toStrictEqual({
      id: 99,
      discriminator: player.discriminator,
      nick: 'Pepa_Novak',
      uuid: UUID,
      web_group: 3,
      registred: 1_600_000_000_000,
      last_online: 1_700_000_500_000,
      last_server: 'skyblock',
      is_online: true,
      played_time: 60,
      mc_version: '1.21.4',
      economy: { craftcoins: 101, crafttokens: 102, votetokens: 103, karma: -104, achievement_points: 105 },
      ranked: {
        global_level: 10,
        survival_level: 11,
        survival_experience: 2000,
        skyblock_level: 12,
        skyblock_experience: 3000,
        creative_level: 13,
        creative_experience: 4000,
        vanilla_level: 14,
        vanilla_experience: 5000,
        prison_level: 15,
        prison_experience: 6000,
        skycloud_level: 16,
        skycloud_experience: 7000,
      },
      votes: { total: 42, month: 7, week: 2, last_vote: 1_700_000_400_000 },
      social: {
        status: 'Ahoj!',
        facebook: 'https://facebook.com/pepa',
        twitter: null,
        twitch: 'https://twitch.tv/pepa',
        steam: null,
        web: 'http://pepa.cz',
      },
      discord: { id: '987654321098765432' },
      deprecated: { votetokens: 11, level: 12, experience: 13 },
    });
  });

  it('shows played_time in whole minutes, rounded down from the summed milliseconds', () => {
    const profileWith = (playedTime: number) =>
      toPlayerProfile({
        id: 1,
        player: { ...newPlayer(UUID, 'Cas', 1), playedTime },
        votesMonth: 0,
        votesWeek: 0,
      }).played_time;
    expect([0, 59_999, 60_000, 4 * 60_000 + 59_999, 61 * 60_000].map(profileWith)).toEqual([0, 0, 1, 4, 61]);
  });

  it('shares no object with the stored player', () => {
    const player = newPlayer(UUID, 'Copy', 1);
    const profile = toPlayerProfile({ id: 1, player, votesMonth: 0, votesWeek: 0 });
    profile.social.web = 'https://changed.example';
    expect(player.social.web).toBeNull();
  });
});
