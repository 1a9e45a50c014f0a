/**
 * English glosses of common words of software requests in Chinese (simplified and traditional),
 * Japanese and Korean. Most tool descriptions are English: "给飞书群发条消息" matches nothing of
 * lark's im_v1_message_create until 发 and 消息 are read as "send" and "message". The request's own
 * characters are still matched too (amap's and cloudbase's descriptions are Chinese). The glossary's
 * wide table (glossary-words.ts, built from the catalogs' tool-name vocabulary) is read after these.
 */
import { CJK_WORDS } from './glossary-words.js';

/** English words, then the CJK spellings that mean them. */
const GLOSSES: Array<[english: string, spellings: string]> = [
  // Acts.
  ['search', '搜索 搜尋 查找 検索 검색 探して 찾아'],
  ['query', '查询 查詢 照会 조회'],
  ['get', '查一下 查看 获取 獲取 取得 確認 看看 教えて 보여'],
  ['list', '列出 列表 一覧 목록 哪些 リストアップ'],
  ['rich menu', 'リッチメニュー 리치메뉴 富菜单'],
  ['funnel chart', '漏斗图 漏斗圖 ファネル 퍼널'],
  ['word cloud', '词云 詞雲 ワードクラウド 워드클라우드'],
  ['create', '创建 創建 新建 作成 作って 만들 建立 生成'],
  ['add', '添加 新增 追加 加入 추가'],
  ['delete', '删除 刪除 削除 삭제 移除'],
  ['update', '更新 修改 更改 変更 수정 编辑 編輯 編集'],
  ['upload', '上传 上傳 アップロード 업로드'],
  ['download', '下载 下載 ダウンロード 다운로드'],
  ['send', '发送 發送 发条 發條 发一条 發一條 发个 發個 发消息 送信 送って 送る 보내 传讯息 傳訊息'],
  ['deploy', '部署 デプロイ 배포'],
  ['publish release', '发布 發布 发版 發版 公開 출시'],
  ['run execute', '运行 運行 执行 執行 実行 실행'],
  ['restart', '重启 重啟 再起動 재시작'],
  ['start', '启动 啟動 起動 시작'],
  ['stop', '停止 중지'],
  ['share', '分享 共享 共有 공유'],
  ['translate', '翻译 翻譯 翻訳 번역'],
  ['reset', '重置 リセット 리셋 초기화'],
  ['copy', '复制 複製 コピー 복사'],
  ['move', '移动 移動 이동'],
  ['read', '读取 讀取 阅读 閱讀 読んで 읽어'],
  ['export', '导出 匯出 エクスポート 내보내'],
  ['import', '导入 匯入 インポート 가져오'],
  ['merge', '合并 合併 マージ 병합'],
  ['close', '关闭 關閉 閉じ クローズ 닫아'],
  ['book reservation', '预订 預訂 预约 預約 予約 예약'],
  ['convert', '转换 轉換 変換 변환 转成 轉成'],
  ['summarize summary', '总结 總結 摘要 要約 요약'],
  ['analyze', '分析 분석'],
  ['screenshot', '截图 截圖 スクリーンショット 스크린샷'],
  ['comment', '评论 評論 コメント 댓글'],
  ['reply', '回复 回覆 返信 답장'],
  ['count', '数量 數量 件数 何件 カウント 개수 多少'],
  ['compare', '比较 比較 비교'],
  // Things.
  ['message', '消息 訊息 讯息 メッセージ 메시지'],
  ['group chat', '群聊 群组 群組 グループ 그룹 群'],
  ['chat message history', '聊天记录 聊天記錄 チャット履歴 대화 기록'],
  ['channel', '频道 頻道 チャンネル 채널'],
  ['flight', '航班 フライト 항공편 飞机 飛機'],
  ['direct flight', '直飞 直飛 直行便 직항'],
  ['time', '时间 時間 几点 幾點 何時 시간 몇 시'],
  ['timezone convert', '时区 時區 时差 時差 시차 타임존'],
  ['punctuality on time', '准点 準點 定時 정시'],
  ['comfort happiness', '舒适 舒適 快適'],
  ['flight price', '机票 機票 航空券 항공권'],
  ['departure', '起飞 起飛 出発 출발'],
  ['arrival', '到达 到達 到着 도착'],
  ['transfer connection', '中转 中轉 乗り継ぎ 환승'],
  ['airport', '机场 機場 空港 공항'],
  ['weather', '天气 天氣 天気 날씨 下雨 下雪'],
  ['route directions', '路线 路線 ルート 경로 怎么走 怎麼走 行き方 가는'],
  ['driving', '开车 開車 驾车 駕車 車で 운전'],
  ['walking', '步行 徒歩 도보'],
  ['bicycling', '骑行 騎行 骑自行车 騎自行車 骑车 騎車 自転車 자전거'],
  ['transit', '公交 地铁 地鐵 電車 대중교통'],
  ['address', '地址 住所 주소'],
  ['coordinates latitude longitude', '坐标 座標 经纬度 經緯度 緯度経度 좌표'],
  ['nearby', '附近 周边 周邊 周辺 근처'],
  ['city location', '城市 都市 도시'],
  ['leetcode', '리트코드 力扣'],
  ['daily', '데일리 每日 毎日'],
  ['problem question', '문제 题目 題目 問題'],
  ['distance', '距离 距離 거리'],
  ['hotel accommodation', '酒店 ホテル 호텔 住宿 宿泊 민박'],
  ['restaurant', '餐厅 餐廳 レストラン 식당 맛집'],
  ['file', '文件 檔案 ファイル 파일'],
  ['document docs', '文档 文檔 ドキュメント 문서'],
  ['directory folder', '目录 目錄 文件夹 資料夾 ディレクトリ フォルダ 폴더'],
  ['database', '数据库 資料庫 データベース 데이터베이스'],
  ['table', '表格 テーブル 테이블 数据表 資料表'],
  ['spreadsheet', '电子表格 電子表格 スプレッドシート 스프레드시트'],
  ['storage', '存储 存儲 ストレージ 스토리지'],
  ['gateway', '网关 網關 ゲートウェイ 게이트웨이'],
  ['route routes', '路由 ルーティング 라우팅'],
  ['logs', '日志 日誌 ログ 로그'],
  ['function', '函数 函數 関数 함수'],
  ['environment', '环境 環境 환경'],
  ['user', '用户 用戶 ユーザー 사용자 さんに さんへ 님에게 님께'],
  ['permissions', '权限 權限 権限 권한'],
  ['issue', '课题 課題 イシュー 이슈 工单 工單 チケット 티켓'],
  ['bug', '缺陷 不具合 バグ 버그'],
  ['task', '任务 任務 タスク 작업'],
  ['project', '项目 項目 プロジェクト 프로젝트'],
  ['notification', '通知 알림 お知らせ'],
  ['dark mode', 'ダークモード 暗黑模式 深色模式 다크 모드 다크모드'],
  ['unread', '未读 未讀 未読 읽지'],
  ['order', '订单 訂單 注文 주문'],
  ['shipped shipping', '发货 發貨 出货 出貨 発送 배송'],
  ['price', '价格 價格 価格 가격 多少钱 多少錢 値段'],
  ['image', '图片 圖片 画像 이미지'],
  ['video', '视频 視頻 影片 動画 비디오 동영상'],
  ['web page', '网页 網頁 ウェブページ 웹페이지 页面 頁面 ページ 페이지'],
  ['website site', '网站 網站 ウェブサイト サイト 웹사이트'],
  ['link url', '链接 連結 リンク 링크'],
  ['email mail', '邮件 郵件 メール 이메일 메일'],
  ['calendar', '日历 日曆 カレンダー 캘린더'],
  ['meeting', '会议 會議 会議 회의'],
  ['schedule event', '日程 行程 スケジュール 일정'],
  ['code', '代码 代碼 程式碼 コード 코드'],
  ['repository repo', '仓库 倉庫 リポジトリ 저장소'],
  ['branch', '分支 ブランチ 브랜치'],
  ['commit', '提交 コミット 커밋'],
  ['pull request', '拉取请求 拉取請求 プルリクエスト 풀리퀘스트'],
  ['merge request', '合并请求 合併請求 マージリクエスト'],
  ['knowledge base', '知识库 知識庫 ナレッジベース 지식베이스'],
  ['agent', '智能体 智能體 エージェント 에이전트'],
  ['template', '模板 テンプレート 템플릿'],
  ['chart', '图表 圖表 グラフ チャート 차트'],
  ['report', '报告 報告 レポート 보고서'],
  ['due', '期限 截止 마감'],
  ['version', '版本 バージョン 버전'],
  ['developer', '开发者 開發者 開発者 개발자'],
  ['today', '今天 今日 오늘'],
  ['tomorrow', '明天 明日 내일'],
  ['account', '账号 帳號 账户 帳戶 アカウント 계정'],
  ['password', '密码 密碼 パスワード 비밀번호'],
  ['backup', '备份 備份 バックアップ 백업'],
  ['container', '容器 コンテナ 컨테이너'],
  ['cluster', '集群 叢集 クラスター 클러스터'],
  ['server', '服务器 伺服器 サーバー 서버'],
  ['service', '服务 服務 サービス 서비스'],
  ['domain', '域名 ドメイン 도메인'],
  ['subscription', '订阅 訂閱 サブスクリプション 구독'],
  ['payment', '支付 付款 支払い 결제'],
  ['refund', '退款 返金 환불'],
  ['customer', '客户 客戶 顧客 고객'],
  ['article', '文章 記事 기사'],
  ['paper', '论文 論文 논문'],
  ['note notes', '笔记 筆記 ノート 노트 备注 備註'],
  ['browser', '浏览器 瀏覽器 ブラウザ 브라우저'],
  ['click', '点击 點擊 クリック 클릭'],
  ['process', '进程 進程 プロセス 프로세스'],
  ['memory', '内存 記憶體 メモリ 메모리'],
  ['ip location', 'IP地址 IPアドレス'],
  // Products people name in their own language.
  ['lark feishu', '飞书 飛書'],
  ['notion', '노션 ノーション'],
  ['airbnb', '에어비앤비 爱彼迎 エアビー'],
  ['backlog', 'バックログ'],
  ['error', '에러 오류 错误 錯誤 报错 報錯 エラー'],
  ['new', '새로 신규 新しい'],
  ['slack', '슬랙 スラック'],
  ['github', '깃허브 깃헙 ギットハブ'],
  ['google', '구글 グーグル 谷歌'],
  ['jira', '지라 ジラ'],
  ['figma', '피그마 フィグマ'],
  ['block', '블록 ブロック 区块'],
  ['todo task', '할 일 할일 待办 待辦 やること'],
  ['kubernetes', '쿠버네티스 クバネティス'],
  ['deployment', '디플로이먼트 デプロイメント'],
  ['replica scale', '레플리카 レプリカ 副本'],
  ['scale', '늘려 扩容 擴容 スケール 스케일'],
  ['monday', '먼데이'],
  ['board', '보드 ボード 看板'],
  ['column', '컬럼 カラム 字段'],
  ['structure schema', '구조 構造 结构 結構'],
  ['lowest price', '最便宜 最低价 最低價 最安 최저가'],
  ['price', '票价 票價'],
  // 堵不堵: is the road jammed; 주가/株価/股价: a share's price.
  ['road traffic congestion', '堵车 堵車 堵不堵 拥堵 擁堵 渋滞 정체'],
  ['stock quote price', '股价 股價 株価 주가'],
  ['news flash', '快讯 快訊 速報 속보'],
  ['crypto', '币圈 幣圈 加密货币 加密貨幣 暗号資産 암호화폐'],
  ['transactions deals', '取引 거래'],
  ['returns performance', '수익률 收益率 回报率 回報率'],
  ['travel time duration', '要多久 多长时间 多長時間'],
  ['variflight', '飞常准 飛常準'],
  ['amap', '高德'],
  ['baidu', '百度'],
  ['trending popular', '뜨는 인기 급상승 热门 熱門 流行って 話題の 急上昇'],
  ['directions route', '怎么走 怎麼走 行き方 가는 길'],
  ['apple', '苹果 蘋果 アップル 애플'],
  ['cloudbase', '云开发 雲開發'],
  ['tencent cloud', '腾讯云 騰訊雲'],
  ['wechat', '微信'],
];

/** The spellings the hand-written glosses above have (bench/build-glossary.ts leaves them to these). */
export const HAND_CJK_SPELLINGS: ReadonlySet<string> = new Set(GLOSSES.flatMap(([, cjk]) => cjk.split(' ')));
// Spelling → English: the hand-written glosses first, then the glossary's wide table; and the
// spellings' lengths, longest first. Built at the first request in these scripts, not at load.
let table: { all: Map<string, string>; lengths: number[] } | undefined;
function spellings(): { all: Map<string, string>; lengths: number[] } {
  if (table) return table;
  const all = new Map<string, string>();
  for (const [en, cjk] of [...GLOSSES, ...CJK_WORDS]) for (const s of cjk.split(' ')) if (!all.has(s)) all.set(s, en);
  table = { all, lengths: [...new Set([...all.keys()].map((s) => s.length))].sort((a, b) => b - a) };
  return table;
}
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

/** The English glosses of the CJK words in `text`, in the order they appear (empty for text without any). */
export function cjkGlosses(text: string): string[] {
  if (!CJK.test(text)) return [];
  const { all, lengths } = spellings();
  const found: string[] = [];
  const seen = new Set<string>();
  // Every spelling at every place, the ones inside a longer one too ("数据库" also says "数据"): one
  // pass over text the caller has bounded, a lookup per spelling length at each place.
  for (let i = 0; i < text.length; i++) {
    for (const n of lengths) {
      if (i + n > text.length) continue;
      const en = all.get(text.slice(i, i + n));
      if (en !== undefined && !seen.has(en)) seen.add(en), found.push(en);
    }
  }
  return found;
}
