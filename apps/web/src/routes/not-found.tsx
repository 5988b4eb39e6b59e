import { WEB_PATHS } from '@craftstats/contracts';
import { useTitle } from '../components/use-title';
import { cs } from '../i18n/cs';

/** Any address under the website's routes that names no page. */
export function NotFoundPage() {
  useTitle(cs.titles.notFound);
  return (
    <section>
      <h1>{cs.notFound.heading}</h1>
      <p>{cs.notFound.text}</p>
      <p>
        <a href={WEB_PATHS.home}>{cs.notFound.home}</a>
      </p>
    </section>
  );
}
