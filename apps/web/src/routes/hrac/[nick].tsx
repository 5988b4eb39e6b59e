import { ProfileView } from '../../components/player-profile';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';

/** `/hrac/:nick`: a player's profile by nick (any letter case). */
export function PlayerPage({ nick }: { nick: string }) {
  const [profile, retry] = useApi((signal) => api.playerByNick(nick, { signal }), [nick]);
  return <ProfileView who={nick} loaded={profile} retry={retry} />;
}
