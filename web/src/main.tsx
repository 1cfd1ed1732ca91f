import './styles.css';

/**
 * The app's code (start.tsx) runs after the browser has painted a pre-rendered
 * page (decision 043): its HTML is on screen at once, and the work of loading
 * and hydrating comes after. An empty shell starts the app at once.
 */
const prerendered = !!document.getElementById('root')?.firstElementChild;
const start = () => void import('./start');
if (prerendered) requestAnimationFrame(() => setTimeout(start, 0));
else start();
