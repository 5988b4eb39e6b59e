/** Number of player rows, incremented in the transaction that creates them. */
export const PLAYERS_COUNTER = 'players';
