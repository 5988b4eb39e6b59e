import { ProfileView } from '../../../components/player-profile';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/use-api';

/** `/hrac/uuid/:uuid`: a player's profile by UUID (dashed or undashed). */
export function PlayerByUuidPage({ uuid }: { uuid: string }) {
  const [profile, retry] = useApi((signal) => api.playerByUuid(uuid, { signal }), [uuid]);
  return <ProfileView who={uuid} loaded={profile} retry={retry} />;
}
