// Deterministic, realistic-looking stands for the bench: pt-BR exhibitor names and subtitles
// built from word lists with a seeded PRNG, so every run (and every database) holds the same rows.

/** Mulberry32: a small seeded PRNG (same sequence on every run). */
export const prng = (seed) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

// prettier-ignore
const PREFIXES = [
  'Laboratório', 'Clínica', 'Farmacêutica', 'Instituto', 'Grupo', 'Hospital', 'Centro Médico', 'Editora',
  'Distribuidora', 'Indústria', 'Consultoria', 'Associação', 'Rede', 'Policlínica', 'Comercial', 'Biotecnologia',
  'Diagnósticos', 'Equipamentos', 'Cooperativa', 'Fundação',
];

// Family names, places and coined brands.
// prettier-ignore
const CORES = [
  'Silva', 'Souza', 'Oliveira', 'Santos', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida', 'Costa',
  'Gomes', 'Martins', 'Araújo', 'Melo', 'Barbosa', 'Ribeiro', 'Rocha', 'Dias', 'Teixeira', 'Nascimento', 'Moreira',
  'Cavalcanti', 'Monteiro', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Nunes', 'Vieira', 'Castro', 'Correia', 'Pinto',
  'Moraes', 'Batista', 'Campos', 'Fonseca', 'Andrade', 'Machado', 'Azevedo', 'Paulista', 'Carioca', 'Mineira',
  'Gaúcha', 'Baiana', 'Nordeste', 'Amazônia', 'Cerrado', 'Pantanal', 'Litoral', 'Serra Azul', 'Vale Verde',
  'Horizonte', 'Aurora', 'Bandeirantes', 'Ipiranga', 'Tietê', 'Paraná', 'Guanabara', 'Atlântico', 'Tropical',
  'Sertão', 'Planalto', 'Ouro Preto', 'Itapuã', 'Jacarandá', 'Ipê', 'Aroeira', 'Jatobá', 'Sabiá', 'Vitalis',
  'Medicor', 'Saluti', 'Biomed', 'Neurovita', 'Ortomax', 'Dermaplus', 'Oftalmus', 'Pneumocare', 'Gastrolab',
  'Nefron', 'Endocrin', 'Hemoclin', 'Oncobem', 'Pediatrix', 'Geriamed', 'Radiomax', 'Fisiomove', 'Nutrivita',
  'Psique', 'Odontus', 'Imunis', 'Genômica', 'Celular', 'Vacinar', 'Respirar', 'Reumacare', 'Urolife', 'Ginemed',
  'Otorrino Sul', 'Alergo', 'Infectus', 'Sonomed', 'Tomográfica', 'Anestesis', 'Hospitalar', 'Cirúrgica',
  'Ortopédica', 'Neurológica', 'Dental', 'Visão', 'Audição', 'Movimento', 'Equilíbrio', 'Bem Estar', 'Nova Vida',
  'Vida Plena', 'Saúde Total', 'Primeiro Passo', 'Cuidar', 'Acolher', 'Renascer', 'Esperança', 'Harmonia',
  'Serenidade', 'Vitória', 'Conquista', 'Progresso', 'Futuro', 'Inovar', 'Integra', 'Conecta', 'Sinergia',
  'Alliance', 'Prime', 'Master', 'Excelência', 'Qualitas', 'Precisão', 'Essencial', 'Vital',
];

const SUFFIXES = ['', '', '', 'Ltda', 'S.A.', 'Brasil', 'do Brasil', 'Saúde', 'Médica', 'Pharma', 'Tech', '& Cia', 'Group', 'Hospitalar'];

// prettier-ignore
const SUBTITLES = [
  'Soluções em diagnóstico por imagem', 'Medicamentos genéricos e similares', 'Equipamentos hospitalares',
  'Materiais cirúrgicos descartáveis', 'Reagentes para análises clínicas', 'Próteses e órteses sob medida',
  'Software de gestão hospitalar', 'Prontuário eletrônico na nuvem', 'Telemedicina para clínicas',
  'Nutrição enteral e parenteral', 'Dermocosméticos', 'Oftalmologia de precisão', 'Aparelhos auditivos',
  'Vacinas e imunobiológicos', 'Terapias oncológicas', 'Fisioterapia e reabilitação', 'Odontologia digital',
  'Planos de saúde empresariais', 'Educação médica continuada', 'Publicações científicas',
  'Monitoramento de sinais vitais', 'Ventilação mecânica', 'Anestesia e sedação', 'Ortopedia e traumatologia',
  'Neurologia e neurocirurgia', 'Ginecologia e obstetrícia', 'Pediatria e neonatologia', 'Geriatria',
  'Endocrinologia e metabologia', 'Gastroenterologia', 'Nefrologia e diálise', 'Pneumologia', 'Reumatologia',
  'Urologia', 'Hematologia e hemoterapia', 'Infectologia', 'Alergia e imunologia', 'Psiquiatria e saúde mental',
  'Medicina do esporte', 'Medicina do trabalho', 'Radiologia intervencionista', 'Medicina nuclear',
  'Cirurgia plástica e reparadora', 'Cirurgia vascular', 'Otorrinolaringologia', 'Genética médica',
  'Patologia clínica', 'Cuidados paliativos', 'Homecare e atenção domiciliar',
  'Esterilização e controle de infecção', 'Logística farmacêutica', 'Importação de insumos médicos',
  'Consultoria regulatória Anvisa', 'Pesquisa clínica', 'Biotecnologia aplicada', 'Inteligência artificial em saúde',
  'Mobiliário hospitalar', 'Uniformes e EPIs', 'Laboratório de análises', 'Clínica de imagem', 'Centro de infusão',
  'Banco de sangue', 'Hemodinâmica', 'Endoscopia digestiva', 'Check-up executivo', 'Medicina estética', 'Tricologia',
  'Periodontia', 'Implantes dentários', 'Lentes de contato', 'Cirurgia refrativa', 'Reprodução assistida',
  'Sono e ronco', 'Dor crônica', 'Obesidade e cirurgia bariátrica', 'Diabetes', 'Hipertensão',
  'Prevenção cardiovascular', 'Saúde da mulher', 'Saúde do homem', 'Saúde do idoso', 'Saúde indígena',
  'Saúde pública', 'Gestão de clínicas', 'Marketing médico', 'Contabilidade para médicos', 'Seguros profissionais',
  'Associação de especialistas', 'Sociedade médica regional', 'Congressos e eventos', 'Livros e periódicos',
  'Simuladores para ensino', 'Residência médica', 'Cursos de pós-graduação', 'Bolsas de estudo',
];

const TYPES = ['master', 'silver', 'bronze'];
const COLORS = ['#0057B8', '#E30613', '#00A859', '#FFB81C', '#6F2C91', '#00A3E0', '#222222', '#F47920'];

/**
 * The search query of the bench: a brand that 0.2 % of names carry and 0.2 % of subtitles
 * mention (a few hundred stands of event 1); no other word contains it.
 */
export const SEARCH_TERM = 'cardiovi';
const BRAND = 'Cardiovida';
const BRAND_SUBTITLE = 'Cardiovida: cuidado contínuo do coração';

const DOC_ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

const slug = (text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/**
 * The stands of the bench, in id order: `main` stands of event 1 and `other` stands of event 2,
 * shuffled together (ids of both events interleave, as when two events are edited at once).
 * About half have a logo (an upload file). Returns plain objects; ids start at `firstId`.
 */
export const generateStands = ({ main = 100_000, other = 3_000, firstId = 1, seed = 20_260_501 } = {}) => {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const events = [...Array(main).fill(1), ...Array(other).fill(2)];
  for (let i = events.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [events[i], events[j]] = [events[j], events[i]];
  }
  const order = { 1: 0, 2: 0 };
  const docId = () => {
    let id = '';
    for (let i = 0; i < 24; i += 1) id += DOC_ID_CHARS[Math.floor(random() * DOC_ID_CHARS.length)];
    return id;
  };
  return events.map((eventId, index) => {
    const id = firstId + index;
    const core = random() < 0.002 ? BRAND : pick(CORES);
    const suffix = pick(SUFFIXES);
    const name = [pick(PREFIXES), core, suffix].filter(Boolean).join(' ');
    const handle = slug(core) + (random() < 0.5 ? slug(suffix) : '');
    order[eventId] += 1;
    return {
      id,
      documentId: docId(),
      eventId,
      ord: order[eventId],
      name,
      subtitle: random() < 0.002 ? BRAND_SUBTITLE : random() < 0.9 ? pick(SUBTITLES) : null,
      description: `${name} apresenta seus lançamentos no congresso. Visite nosso estande e fale com a equipe.`,
      type: random() < 0.1 ? TYPES[0] : random() < 0.4 ? TYPES[1] : TYPES[2],
      position: Math.floor(random() * 1000),
      color: pick(COLORS),
      facebook: random() < 0.5 ? `https://www.facebook.com/${handle}` : null,
      instagram: random() < 0.6 ? `https://www.instagram.com/${handle}` : null,
      youtube: random() < 0.2 ? `https://www.youtube.com/@${handle}` : null,
      symposium: null,
      negotiation: null,
      website: random() < 0.7 ? `https://www.${handle}.com.br` : null,
      image: random() < 0.5 ? { documentId: docId(), hash: `logo_${handle}_${id.toString(36)}` } : null,
    };
  });
};

/** What a case-insensitive "contains" on name or subtitle finds, computed in JavaScript. */
export const expectedCount = (stands, eventId, term) => {
  const needle = term?.toLowerCase();
  return stands.filter(
    (s) => s.eventId === eventId && (!needle || s.name.toLowerCase().includes(needle) || (s.subtitle ?? '').toLowerCase().includes(needle)),
  ).length;
};

/** The stand columns the product's list selects (cms/src/api/stand/wire.ts); bare and seed share them. */
export const STAND_WIRE_COLUMNS = [
  'id',
  'name',
  'subtitle',
  'description',
  'type',
  'position',
  'color',
  'facebook',
  'instagram',
  'youtube',
  'symposium',
  'negotiation',
  'website',
];

// prettier-ignore
const FIRST_NAMES = [
  'Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Karina',
  'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Paulo', 'Quitéria', 'Rafael', 'Sofia', 'Thiago', 'Úrsula', 'Vinícius',
  'Wesley', 'Yasmin', 'Zeca', 'Beatriz', 'Caio', 'Débora', 'Enzo', 'Fernanda', 'Gustavo', 'Helena', 'Igor',
  'Júlia', 'Leonardo', 'Manuela', 'Otávio', 'Patrícia', 'Renata', 'Samuel', 'Tatiane', 'Valentina',
];

/**
 * The search term of the clients and network lists: one surname of the list, so about 1.4 % of
 * clients carry it (two surnames each).
 */
export const CLIENT_SEARCH_TERM = 'itapu';
/** The search term of the activity log: the brand that a few stands' names carry. */
export const LOG_SEARCH_TERM = SEARCH_TERM;

/**
 * Clients of the bench, ids from `firstId`: pt-BR names, unique e-mails; every `networkEvery`-th
 * entered event 1 and agreed to be listed in its network room, half of those showing the e-mail.
 */
export const generateClients = ({ count = 200_000, firstId = 2, networkEvery = 4, seed = 20_261_127 } = {}) => {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const clients = [];
  for (let index = 0; index < count; index += 1) {
    const id = firstId + index;
    const name = `${pick(FIRST_NAMES)} ${pick(CORES)} ${pick(CORES)}`;
    const listed = index % networkEvery === 0;
    clients.push({
      id,
      documentId: `cli${id.toString(36).padStart(21, '0')}`,
      name,
      email: `${slug(name)}.${id}@exemplo.com.br`,
      listed,
      showEmail: listed && random() < 0.5,
      // Spread over the last year, oldest first.
      createdAt: Date.UTC(2025, 10, 27) + Math.floor((index / count) * 365 * 86_400_000),
    });
  }
  return clients;
};

// prettier-ignore
const LOG_ACTIONS = [
  ['create', 'Criou o estande'], ['update', 'Alterou o estande'], ['delete', 'Excluiu o estande'],
  ['update', 'Alterou a sala'], ['create', 'Criou a palestra'], ['login', 'Entrou no painel'],
];

/** The activity log of the bench: `count` entries by a few staff members, newest last. */
export const generateLogs = ({ count = 1_000_000, stands, seed = 20_261_128 } = {}) => {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const staff = FIRST_NAMES.slice(0, 12).map((name, index) => ({
    username: name,
    email: `${slug(name)}@organizadora.com.br`,
    ip: `10.0.${index}.${index + 10}`,
  }));
  const logs = [];
  for (let index = 0; index < count; index += 1) {
    const who = pick(staff);
    const [action, verb] = pick(LOG_ACTIONS);
    const stand = stands[Math.floor(random() * stands.length)];
    logs.push({
      id: index + 1,
      documentId: `log${(index + 1).toString(36).padStart(21, '0')}`,
      username: who.username,
      email: who.email,
      ip: who.ip,
      action,
      description: action === 'login' ? `${verb} (${who.email})` : `${verb} "${stand.name}" (protocolo ${index + 1})`,
      createdAt: Date.UTC(2025, 10, 27) + Math.floor((index / count) * 365 * 86_400_000),
    });
  }
  return logs;
};
