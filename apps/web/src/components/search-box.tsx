import { useEffect, useState } from 'preact/hooks';
import { PLAYER_SEARCH_QUERY_PATTERN, type PlayerSearchResult, WEB_PATHS } from '@craftstats/contracts';
import { cs } from '../i18n/cs';
import { api } from '../lib/api';
import { navigate } from '../lib/router';
import { failureMessage } from './failure';

/** How long typing must pause before a search is sent. */
const DEBOUNCE_MS = 150;

/**
 * Finds players by the start of their nick as one types (`GET /search/players` through the contracts'
 * client): an ARIA combobox, used with the arrow keys, Enter and Escape. Enter without a chosen
 * suggestion opens the profile of the typed nick.
 */
export function SearchBox({ id, label = cs.search.label }: { id: string; label?: string }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<PlayerSearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const listId = `${id}-list`;

  useEffect(() => {
    const q = text.trim();
    setActive(-1);
    if (q === '') {
      setResults([]);
      setStatus('');
      return undefined;
    }
    if (!PLAYER_SEARCH_QUERY_PATTERN.test(q)) {
      setResults([]);
      setStatus(cs.search.invalid);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.searchPlayers(q, { signal: controller.signal }).then(
        (found) => {
          setResults(found);
          setStatus(found.length === 0 ? cs.search.noMatch(q) : cs.search.found(found.length));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setResults([]);
          setStatus(failureMessage(error));
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const go = (nick: string): void => {
    setOpen(false);
    setText('');
    navigate(WEB_PATHS.playerByNick(nick));
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && open && active >= 0 && results[active] !== undefined) {
      event.preventDefault();
      go(results[active].nick);
    }
  };

  const expanded = open && results.length > 0;
  return (
    <form
      class="search"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (q !== '') go(q);
      }}
    >
      <label for={id} class="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        // Suggestions come from the listbox below, not from a <datalist>.
        list={undefined}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autocomplete="off"
        spellcheck={false}
        maxLength={32}
        placeholder={cs.search.placeholder}
        value={text}
        onInput={(event) => {
          setText((event.target as HTMLInputElement).value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <button type="submit">{cs.search.submit}</button>
      <ul
        id={listId}
        role="listbox"
        aria-label={cs.search.suggestions}
        class="suggestions"
        hidden={!expanded}
      >
        {results.map((result, i) => (
          <li
            key={result.uuid}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => {
              event.preventDefault();
              go(result.nick);
            }}
          >
            {result.nick}
          </li>
        ))}
      </ul>
      <p
        class={open && status !== '' && results.length === 0 ? 'search-status' : 'visually-hidden'}
        role="status"
      >
        {status}
      </p>
    </form>
  );
}
