/**
 * Common words of software requests in Spanish, Portuguese, French, German and Italian, read in
 * English. Tool descriptions are English: "adiciona uma tarefa no todoist pra amanhã" matches
 * nothing of create_tasks until adiciona, tarefa and amanhã are read as add, task and tomorrow.
 * Only everyday words of the trade are here; a product's name is never one of them. The glossary's
 * wide table (glossary-words.ts, built from the catalogs' tool-name vocabulary) is read after them.
 */
import { EURO_WORDS } from './glossary-words.js';

/** English, then the spellings that mean it (several languages mixed; none is an English word). */
const GLOSSES: Array<[english: string, spellings: string]> = [
  // Acts.
  ['add', 'añade añada añadir agrega agregue agregar adiciona adicione adicionar acrescenta acrescentar ajoute ajouter ajouté füge hinzufügen aggiungi aggiungere'],
  ['create', 'crea crear cria crie criar créer crée erstelle erstellen anlegen creare'],
  ['delete', 'borra borrar elimina eliminar apaga apagar exclui excluir supprime supprimer lösche löschen cancella cancellare'],
  ['update', 'actualiza actualizar atualiza atualizar modifica modificar aktualisiere aktualisieren aggiorna aggiornare'],
  ['send', 'envía envia enviar manda mandar envoie envoyer sende senden schicke schicken invia inviare'],
  ['search', 'busca buscar pesquisa pesquisar procura procurar cherche chercher recherche rechercher suche suchen cerca cercare'],
  ['find', 'encuentra encontrar encontre trouve trouver finde finden trova trovare'],
  ['show', 'muestra mostrar mostra montre montrer affiche afficher zeig zeige zeigen mostrami'],
  ['list', 'lista listas listar enumera lister liste auflisten elenca elencare'],
  ['get', 'obtener obter récupère récupérer holen ottieni'],
  ['read', 'leer lê ler lire lies lesen leggi leggere'],
  ['open', 'abre abrir ouvre ouvrir öffne öffnen apri aprire'],
  ['close', 'cierra cerrar fechar ferme fermer schließe schließen chiudi chiudere'],
  ['translate', 'traduce traducir traduz traduzir traduis traduire übersetze übersetzen traduci tradurre'],
  ['schedule', 'agendar programa programar planifie planifier planen pianifica'],
  ['book', 'reserva reservar réserve réserver buche buchen prenota prenotare'],
  ['summarize', 'resumir résume résumer zusammenfassen riassumi riassumere'],
  ['download', 'descarga descargar baixa baixar télécharge télécharger herunterladen scarica scaricare'],
  ['upload', 'sube subir carrega carregar téléverse hochladen carica caricare'],
  ['restart', 'reinicia reiniciar reinicie redémarre redémarrer neustarten riavvia riavviare'],
  ['compare', 'compara comparar compare comparer vergleiche vergleichen confronta'],
  // Things.
  ['task', 'tarea tareas tarefa tarefas tâche tâches aufgabe aufgaben compito attività'],
  ['message', 'mensaje mensajes mensagem mensagens nachricht nachrichten messaggio messaggi'],
  ['email', 'correo courriel'],
  ['file', 'archivo archivos arquivo arquivos fichier fichiers datei dateien'],
  ['folder', 'carpeta carpetas pastas ordner cartella'],
  ['meeting event', 'reunión reunion reunião réunion besprechung riunione evento événement termin'],
  ['calendar', 'calendario calendário calendrier kalender'],
  ['contact', 'contacto contactos contato contatos kontakt kontakte contatto contatti'],
  ['user', 'usuario usuarios usuário usuários utilisateur utilisateurs benutzer utente utenti'],
  ['page', 'página pagina seite'],
  ['table', 'tabla tabela tabelle tabella'],
  ['flight', 'vuelo vuelos voo voos flug flüge volo voli'],
  ['hotel accommodation', 'alojamiento hospedagem hébergement unterkunft alloggio'],
  ['weather', 'clima météo wetter meteo'],
  ['price', 'precio precios preço preços prix preis prezzo prezzi'],
  ['stock share', 'aktie aktien acción acciones ação ações azione azioni'],
  ['prices quotes', 'kurse kursen cotizaciones cotações cotations quotazioni'],
  ['heart rate', 'cardíaca cardiaca cardiaque herzfrequenz'],
  ['tax', 'impuesto impuestos imposto impostos iva impôt impôts taxe steuer steuern tassa tasse'],
  ['rate', 'taxa tasa taux satz tasso aliquota'],
  ['quote estimate', 'devis presupuesto orçamento angebot kostenvoranschlag preventivo'],
  ['priority', 'prioridad prioridade priorité priorität priorità'],
  ['issue', 'incidencia problema problème fehler'],
  ['branch', 'rama ramo branche zweig'],
  ['image', 'imagen imagem bild immagine'],
  ['report', 'informe relatório bericht rapporto'],
  ['note', 'nota notas notiz notizen'],
  ['archive', 'archiva archivar arquiva arquivar archiviere archivieren archivia archiviare'],
  ['move', 'déplace déplacer mueve mova verschiebe verschieben sposta spostare'],
  ['done', 'terminé terminée terminado terminada fatto'],
  ['decline', 'rechaza rechazar recusa recusar refuser lehne ablehnen rifiuta rifiutare'],
  ['invitation', 'invitación convite einladung invito'],
  ['enable', 'activa activar ativa ativar activer aktiviere aktivieren attiva attivare'],
  ['mode', 'modo modus modalità'],
  ['site', 'sitio webseite'],
  ['maintenance', 'mantenimiento manutenção wartung manutenzione'],
  ['board', 'tablero tableros quadro quadros'],
  ['automatic replies out of office', 'abwesenheitsnotiz'],
  ['vacation', 'urlaub vacaciones férias vacances vacanze'],
  ['set up', 'einrichten configura configurar configurer'],
  ['draft', 'borrador borradores rascunho rascunhos brouillon entwurf bozza'],
  ['write', 'redacta redactar escribe escribir escreve escrever écris écrire schreibe schreiben scrivi scrivere'],
  ['card', 'tarjeta tarjetas cartão cartões karte karten scheda'],
  ['called', 'llamada llamado chamada chamado appelée appelé genannt chiamata chiamato'],
  ['completed', 'erledigt erledigte erledigten completada completadas completado concluída concluídas terminée terminées completate'],
  ['last', 'letzter letzte letzten última último dernier dernière scorsa scorso'],
  ['term', 'término términos termo termos terme termes begriff begriffe termine'],
  ['comment', 'comentario comentarios comentário comentários commentaire commentaires kommentar kommentare commento commenti'],
  ['customer', 'cliente clientes kunde kunden'],
  ['invoice', 'factura fatura facture rechnung fattura'],
  ['sale deal', 'venta ventas venda vendas vente ventes verkauf vendita'],
  ['product', 'producto productos produto produtos produit produits produkt prodotto'],
  ['order', 'pedido pedidos commande commandes bestellung ordine'],
  ['payment', 'pago pagos pagamento paiement zahlung'],
  ['route', 'ruta itinéraire trajet strecke percorso'],
  ['address', 'dirección endereço adresse indirizzo'],
  ['restaurant', 'restaurante restaurantes ristorante'],
  ['document', 'documento documentos dokument'],
  ['spreadsheet', 'hoja planilha tableur'],
  ['channel', 'canaux kanal canale'],
  ['form', 'formulario formularios formulário formulários formulaire formulaires formular'],
  ['lock', 'bloqueo bloqueio verrouillage sperre blocco'],
  ['transfer', 'transferencia transferência transfert übertragung trasferimento'],
  ['request', 'solicitud solicitudes solicitação solicitações demande demandes anfrage anfragen richiesta richieste'],
  ['tentatively', 'vorläufig vorbehalt provisionalmente provisoriamente provisoirement'],
  ['pause', 'pausa pausar pausiere pausieren'],
  ['walking', 'caminando caminar caminata caminhando caminhar marcher camminando camminare'],
  ['travel time', 'tarda tardar tardan demora demorar dauert'],
  ['subscription', 'suscripción suscripcion assinatura assinaturas abonnement abonnements abbonamento'],
  ['reminder', 'recordatorio lembrete rappel erinnerung promemoria'],
  ['accept', 'acepta aceptar aceita aceitar accepte accepter annehmen accetta accettare'],
  ['reviews', 'avis reseñas reseña opiniones avaliações avaliacoes bewertungen rezensionen recensioni'],
  ['languages', 'idiomas idioma langues lenguas línguas sprachen lingue'],
  ['quality', 'qualidade calidad qualité qualità qualität'],
  ['refund', 'devuélvele devuélvale devuelve devolver reembolsa reembolsar reembolso rembourse rembourser remboursement erstatte erstatten rückerstattung rimborsa rimborsare rimborso'],
  ['cheapest price', 'barato barata chère günstig günstigste günstigsten economico económico econômico'],
  ['nights', 'nuits noches noites nächte notti'],
  ['hotel', 'hôtel hôtels'],
  ['vegetarian', 'végétarien végétarienne vegetariano vegetariana vegetarisch'],
  // When.
  ['tomorrow', 'mañana amanhã amanha demain morgen domani'],
  ['today', 'hoy hoje aujourd heute oggi'],
  ['yesterday', 'ayer ontem hier gestern ieri'],
  ['week', 'semana semaine woche settimana'],
  ['month', 'mes mês mois monat mese'],
  ['day', 'día días dias jour jours giorno giorni'],
  ['count', 'cuántos cuántas cuantos cuantas quantos quantas combien wieviele quanti quante'],
  ['january', 'enero janeiro janvier januar gennaio'],
  ['february', 'febrero fevereiro février februar febbraio'],
  ['march', 'marzo março märz'],
  ['april', 'abril avril aprile'],
  ['may', 'mayo maio maggio'],
  ['june', 'junio junho juin juni giugno'],
  ['july', 'julio julho juillet juli luglio'],
  ['september', 'septiembre setembro septembre settembre'],
  ['october', 'octubre outubro octobre oktober ottobre'],
  ['november', 'noviembre novembro novembre'],
  ['december', 'diciembre dezembro décembre dezember dicembre'],
];

/** The spellings the hand-written glosses above have (bench/build-glossary.ts leaves them to these). */
export const HAND_EURO_SPELLINGS: ReadonlySet<string> = new Set(GLOSSES.flatMap(([, ws]) => ws.split(' ')));
// Spelling → English: the hand-written glosses first, then the glossary's wide table. Built at the
// first request read, not when the dispatcher loads (thousands of spellings).
let all: Map<string, string> | undefined;
function spellings(): Map<string, string> {
  if (all) return all;
  all = new Map<string, string>();
  for (const [en, ws] of [...GLOSSES, ...EURO_WORDS]) for (const w of ws.split(' ')) if (!all.has(w)) all.set(w, en);
  return all;
}
/** Portuguese's "no"/"na" is "in the" ("no todoist"), not a negation; these words say the request is Portuguese. */
const PORTUGUESE = new Set(['procura', 'página', 'chamada', 'chamado', 'pra', 'você', 'voce', 'não', 'nao', 'minha', 'meu', 'uma', 'está', 'são', 'hoje', 'amanhã', 'amanha', 'adiciona', 'cria', 'envia', 'mostra', 'tarefa', 'tarefas', 'mensagem', 'arquivo', 'reunião', 'também', 'então', 'assinatura']);
/**
 * Function words of those languages that English reads as something else: Spanish and Italian "del"
 * is no abbreviation of delete ("del Prado a la Puerta del Sol"), Italian "dell'"/"delle" no Dell.
 * In a request in another language they are left out; in an English one they stay ("del the branch").
 * Other function words stay too: they match nothing, and leaving them out cost more than it gained.
 */
const FALSE_FRIENDS = new Set(['del', 'dell', 'delle']);
// Runs of letters of any script: one pass over text the caller has bounded.
const WORD = /\p{L}+/gu;

/**
 * `text` with each glossed European word replaced by its English, Portuguese "no"/"na" read as "in",
 * and, in a request that is in another language (a glossed word, or an inverted mark), its false
 * friends left out.
 */
export function euroGlossed(text: string): string {
  let portuguese = false;
  let foreign = text.includes('¿') || text.includes('¡');
  const glossed = spellings();
  for (const m of text.matchAll(WORD)) {
    const l = m[0].toLowerCase();
    if (PORTUGUESE.has(l)) portuguese = foreign = true;
    else if (!foreign && glossed.has(l)) foreign = true;
    if (portuguese) break;
  }
  return text.replace(WORD, (w) => {
    const l = w.toLowerCase();
    if (portuguese && (l === 'no' || l === 'na' || l === 'nos' || l === 'nas')) return 'in';
    const en = glossed.get(l);
    if (en !== undefined) return en;
    return foreign && FALSE_FRIENDS.has(l) ? ' ' : w;
  });
}
