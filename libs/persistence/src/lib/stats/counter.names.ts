/** Registered players (ECONOMY_REGISTER seen), incremented in the transaction that registers them. */
export const REGISTERED_PLAYERS_COUNTER = 'registered_players';
