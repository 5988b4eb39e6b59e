import { render } from 'preact';
import { App } from './app';
import { interceptLinks } from './lib/router';
import './styles.css';

const root = document.getElementById('app') as HTMLElement;
interceptLinks(document.body);
root.textContent = '';
render(<App />, root);
