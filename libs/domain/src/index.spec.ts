import {
  DomainError,
  GameEvent,
  PlayerProjection,
  applyEvent,
  normalizeUuid,
  parseEvent,
  rankRows,
  votePeriodKeys,
} from './index';

// The domain as the ingestor and the API use it, through the package's entry point only: a game
// server's raw events become a player, ranked and counted in the community's calendar.

const UUID = '069A79F444E94726A5BEFCA90E38AAF5';
const CTX = { timeZone: 'Europe/Prague' };
/** Sun 31 May 2026 23:30 in Prague (21:30 UTC): still May and the week of Monday 25 May there. */
const VOTE_AT = Date.UTC(2026, 4, 31, 21, 30);

function parsed(raw: Record<string, unknown>): GameEvent {
  const result = parseEvent(raw, { defaultServer: 'survival', receivedAt: VOTE_AT });
  if (!result.ok) throw new Error(`${JSON.stringify(raw)} was refused: ${result.error}`);
  return result.event;
}

describe('@craftstats/domain, through its entry point', () => {
  const events = [
    { id: 'e1', action: 'ECONOMY_REGISTER', uuid: UUID, nick: 'Pepa_Novak', date: VOTE_AT - 60_000 },
    {
      id: 'e2',
      action: 'ECONOMY_CRAFTCOINS_ADD',
      uuid: UUID,
      nick: 'Pepa_Novak',
      old_value: '0',
      new_value: '250',
      date: VOTE_AT - 30_000,
    },
    { id: 'e3', action: 'PLAYER_VOTE', uuid: UUID, nick: 'Pepa_Novak', site: 'craftlist.org', date: VOTE_AT },
  ].map(parsed);

  it("turns a game server's raw events into a player with a balance and a vote of the local month and week", () => {
    let player: PlayerProjection | null = null;
    const votes: string[] = [];
    for (const event of events) {
      const result = applyEvent(player, event, CTX);
      player = result.player;
      votes.push(...result.effects.votes.map((v) => `${v.period}:${v.key}`));
    }
    expect({
      uuid: player?.uuid,
      nick: player?.nick,
      registred: player?.registred,
      craftcoins: player?.balances.CRAFTCOINS.amount,
      votesTotal: player?.votesTotal,
      lastVote: player?.lastVote,
    }).toEqual({
      uuid: normalizeUuid(UUID),
      nick: 'Pepa_Novak',
      registred: VOTE_AT - 60_000,
      craftcoins: 250,
      votesTotal: 1,
      lastVote: VOTE_AT,
    });
    const { month, week } = votePeriodKeys(VOTE_AT, CTX.timeZone);
    expect([month, week]).toEqual(['2026-05', '2026-05-25']);
    expect(votes.sort()).toEqual(['month:2026-05', 'total:all', 'week:2026-05-25']);
  });

  it('ranks by value, then by nick ignoring case, then by uuid', () => {
    const ranked = rankRows([
      { nick: 'bara', uuid: '00000000-0000-4000-8000-000000000002', value: 5 },
      { nick: 'Adam', uuid: '00000000-0000-4000-8000-000000000003', value: 5 },
      { nick: 'adam', uuid: '00000000-0000-4000-8000-000000000001', value: 5 },
      { nick: 'Cyril', uuid: '00000000-0000-4000-8000-000000000004', value: 9 },
    ]);
    expect(ranked.map((r) => `${r.index}. ${r.nick}`)).toEqual(['1. Cyril', '2. adam', '3. Adam', '4. bara']);
  });

  it("refuses what is not a player, with the domain's error code", () => {
    expect(
      parseEvent(
        { id: 'x', action: 'ECONOMY_REGISTER', uuid: 'nope', nick: 'A_B' },
        {
          defaultServer: 's',
          receivedAt: 0,
        },
      ),
    ).toMatchObject({ ok: false, id: 'x' });
    const error = (() => {
      try {
        applyEvent(null, { ...events[0], uuid: 'not-a-uuid' } as GameEvent, CTX);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error instanceof DomainError ? error.code : error).toBe('INVALID_UUID');
  });
});
